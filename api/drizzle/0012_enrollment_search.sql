-- Issue 26: the admin's enrollment search reads one column with one trigram index. The column is kept by the
-- database itself, whichever code path or instance changes an enrollment, a person or a course: the course's
-- title, the trainee's full name and e-mail, the trainer's full name, one per line (so a search text never
-- matches across two of them).
ALTER TABLE "enrollments" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "enrollment_search_text"(integer, integer, integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n',
    (SELECT "title" FROM "courses" WHERE "id" = $1),
    (SELECT "first_name" || ' ' || "last_name" || E'\n' || "email" FROM "users" WHERE "id" = $2),
    (SELECT "first_name" || ' ' || "last_name" FROM "users" WHERE "id" = $3))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "enrollments_set_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := "enrollment_search_text"(NEW."course_id", NEW."trainee_id", NEW."assigned_trainer_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "enrollments_search_text" BEFORE INSERT OR UPDATE OF "course_id", "trainee_id", "assigned_trainer_id"
  ON "enrollments" FOR EACH ROW EXECUTE FUNCTION "enrollments_set_search_text"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_refresh_enrollment_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "enrollments"
    SET "search_text" = "enrollment_search_text"("course_id", "trainee_id", "assigned_trainer_id")
    WHERE "trainee_id" = NEW."id" OR "assigned_trainer_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_enrollment_search" AFTER UPDATE OF "first_name", "last_name", "email" ON "users"
  FOR EACH ROW
  WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "users_refresh_enrollment_search"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "courses_refresh_enrollment_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "enrollments"
    SET "search_text" = "enrollment_search_text"("course_id", "trainee_id", "assigned_trainer_id")
    WHERE "course_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courses_enrollment_search" AFTER UPDATE OF "title" ON "courses"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title")
  EXECUTE FUNCTION "courses_refresh_enrollment_search"();
--> statement-breakpoint
UPDATE "enrollments" SET "search_text" = "enrollment_search_text"("course_id", "trainee_id", "assigned_trainer_id");
--> statement-breakpoint
CREATE INDEX "enrollments_search_trgm" ON "enrollments" USING gin ("search_text" gin_trgm_ops);
