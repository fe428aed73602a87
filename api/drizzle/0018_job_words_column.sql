-- The words a job is found by, a stored column of their own: PostgreSQL keeps statistics of a column's words (not of an
-- index's expression), so a rare word reads the full-text index instead of every job in the board's order.
DROP INDEX "jobs_words_idx";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "jobs"."title" || ' ' || "jobs"."company_name" || ' ' || "jobs"."location" || ' ' || "jobs"."description_snippet")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_words_idx" ON "jobs" USING gin ("words");