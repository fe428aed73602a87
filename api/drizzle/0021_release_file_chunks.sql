-- A release's files are stored as they stream in, in chunks under the upload that brought them, each file's hash
-- and size computed on the way: an upload never holds a release in memory. Files stored before move whole into a
-- chunk each, under an upload named after their release.
CREATE TABLE "release_file_chunks" (
	"upload" text NOT NULL,
	"path" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_file_chunks_upload_path_seq_pk" PRIMARY KEY("upload","path","seq")
);
--> statement-breakpoint
ALTER TABLE "release_files" ADD COLUMN "integrity" text;--> statement-breakpoint
ALTER TABLE "release_files" ADD COLUMN "size" integer;--> statement-breakpoint
ALTER TABLE "release_files" ADD COLUMN "upload" text;--> statement-breakpoint
INSERT INTO "release_file_chunks" ("upload", "path", "seq", "bytes")
SELECT 'stored:' || "area" || '@' || "version", "path", 0, "bytes" FROM "release_files";--> statement-breakpoint
UPDATE "release_files" SET
	"integrity" = 'sha384-' || encode(sha384("bytes"), 'base64'),
	"size" = octet_length("bytes"),
	"upload" = 'stored:' || "area" || '@' || "version";--> statement-breakpoint
ALTER TABLE "release_files" ALTER COLUMN "integrity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "release_files" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "release_files" ALTER COLUMN "upload" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "release_files" DROP COLUMN "bytes";
