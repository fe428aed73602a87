-- Issue 26: every change to what public pages show raises the page cache's generation, in the same
-- transaction, whichever instance or code path makes it. Statement-level: one raise per statement.
INSERT INTO "page_cache_generation" ("id", "value") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "raise_page_cache_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "page_cache_generation" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "courses"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE TRIGGER "jobs_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE TRIGGER "users_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE TRIGGER "certificates_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "certificates"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE TRIGGER "images_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "images"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE TRIGGER "release_areas_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "release_areas"
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_page_cache_generation"();
