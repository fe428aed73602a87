-- Trial links are written down when made: who made one (checked each time it is used) and how often it was opened.
CREATE TABLE "release_trials" (
	"id" text PRIMARY KEY NOT NULL,
	"area" text NOT NULL,
	"version" text NOT NULL,
	"made_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL
);
