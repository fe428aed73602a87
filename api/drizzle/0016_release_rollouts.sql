CREATE TABLE "client_error_counts" (
	"area" text NOT NULL,
	"version" text NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_error_counts_area_version_pk" PRIMARY KEY("area","version")
);
--> statement-breakpoint
CREATE TABLE "client_error_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"area" text NOT NULL,
	"version" text NOT NULL,
	"phase" text NOT NULL,
	"path" text NOT NULL,
	"message" text NOT NULL,
	"trace" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"from_version" text,
	"to_version" text,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_version" text;--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_percent" integer;--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_by" text;--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_baseline" text;--> statement-breakpoint
CREATE INDEX "client_error_samples_version_idx" ON "client_error_samples" USING btree ("area","version","id");--> statement-breakpoint
CREATE INDEX "release_audit_area_idx" ON "release_audit" USING btree ("area","id");