-- Courses and job postings may carry their texts in the platform's other languages: the language their own columns
-- are in (everything written so far is English), and the others as one JSON object. A job's search words take in
-- the translations' titles and snippets, so the generated column is made again (dropping it drops its index too).
-- The migrations run as one transaction: the page cache's deferred triggers of an earlier one's writes (0023 turns
-- salary texts into amounts) are fired first, as a table with pending trigger events cannot be altered.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_language_check" CHECK ("courses"."language" in ('en', 'fr', 'rw'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_language_check" CHECK ("jobs"."language" in ('en', 'fr', 'rw'));--> statement-breakpoint
ALTER TABLE "jobs" drop column "words";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "jobs"."title" || ' ' || "jobs"."company_name" || ' ' || "jobs"."location" || ' ' || "jobs"."description_snippet" || ' ' || coalesce("jobs"."translations"->'en'->>'title', '') || ' ' || coalesce("jobs"."translations"->'en'->>'descriptionSnippet', '') || ' ' || coalesce("jobs"."translations"->'fr'->>'title', '') || ' ' || coalesce("jobs"."translations"->'fr'->>'descriptionSnippet', '') || ' ' || coalesce("jobs"."translations"->'rw'->>'title', '') || ' ' || coalesce("jobs"."translations"->'rw'->>'descriptionSnippet', ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_words_idx" ON "jobs" USING gin ("words");
