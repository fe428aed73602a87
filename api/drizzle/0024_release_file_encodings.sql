CREATE TABLE "release_file_encodings" (
	"area" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"encoding" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "release_file_encodings_area_version_path_encoding_pk" PRIMARY KEY("area","version","path","encoding")
);
--> statement-breakpoint
ALTER TABLE "release_file_encodings" ADD CONSTRAINT "release_file_encodings_area_version_path_release_files_area_version_path_fk" FOREIGN KEY ("area","version","path") REFERENCES "public"."release_files"("area","version","path") ON DELETE cascade ON UPDATE no action;