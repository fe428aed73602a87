-- The page cache's generation becomes a sequence. An UPDATE of one row on every write to six tables made every
-- writer on every instance queue behind that row until it committed, and its lock order could cross others
-- (the image store's advisory lock: deadlocks). nextval takes no lock a writer waits for.
-- Raised when the writing transaction commits (deferred constraint triggers): another instance that reads the
-- new value reads the change with it, but for the moment of the commit itself.
CREATE SEQUENCE IF NOT EXISTS "page_cache_generation_seq";
--> statement-breakpoint
SELECT setval('page_cache_generation_seq', (SELECT COALESCE(max("value"), 0) + 1 FROM "page_cache_generation"));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "raise_page_cache_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('page_cache_generation_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "courses_raise_page_cache" ON "courses";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "jobs_raise_page_cache" ON "jobs";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_raise_page_cache" ON "users";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "certificates_raise_page_cache" ON "certificates";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "images_raise_page_cache" ON "images";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "release_areas_raise_page_cache" ON "release_areas";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "courses_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "courses"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "jobs_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "jobs"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "certificates_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "certificates"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "images_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "images"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "release_areas_raise_page_cache" AFTER INSERT OR UPDATE OR DELETE ON "release_areas"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_page_cache_generation"();
--> statement-breakpoint
DROP TABLE "page_cache_generation";
