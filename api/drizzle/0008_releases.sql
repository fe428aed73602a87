CREATE TABLE "release_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"version" text NOT NULL,
	"previous_version" text,
	"activated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_areas" (
	"area" text PRIMARY KEY NOT NULL,
	"active_version" text,
	"activated_by" text,
	"activated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "release_files" (
	"area" text NOT NULL,
	"version" text NOT NULL,
	"path" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "release_files_area_version_path_pk" PRIMARY KEY("area","version","path")
);
--> statement-breakpoint
CREATE TABLE "release_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"token_hash" text NOT NULL,
	"label" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"area" text NOT NULL,
	"version" text NOT NULL,
	"manifest" text NOT NULL,
	"origin" text,
	"released_by" text NOT NULL,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_area_version_pk" PRIMARY KEY("area","version")
);
--> statement-breakpoint
ALTER TABLE "release_tokens" ADD CONSTRAINT "release_tokens_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_activations_area_idx" ON "release_activations" USING btree ("area","id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_tokens_hash_idx" ON "release_tokens" USING btree ("token_hash");