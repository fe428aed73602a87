DROP INDEX "jobs_title_trgm";--> statement-breakpoint
DROP INDEX "jobs_company_name_trgm";--> statement-breakpoint
DROP INDEX "jobs_description_snippet_trgm";--> statement-breakpoint
CREATE INDEX "jobs_words_idx" ON "jobs" USING gin (to_tsvector('simple'::regconfig, "title" || ' ' || "company_name" || ' ' || "location" || ' ' || "description_snippet"));