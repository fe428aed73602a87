-- Issue 26, after a review: an enrollment written while its trainee, trainer or course is renamed could keep
-- the old name in search_text (the BEFORE trigger read the old row; the rename's AFTER trigger could not see the
-- uncommitted enrollment). Reading the people and the course FOR SHARE makes the two wait for each other: the
-- enrollment then reads the new name, or the rename's trigger sees the committed enrollment.
CREATE OR REPLACE FUNCTION "enrollment_search_text"(integer, integer, integer) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT concat_ws(E'\n',
    (SELECT "title" FROM "courses" WHERE "id" = $1 FOR SHARE),
    (SELECT "first_name" || ' ' || "last_name" || E'\n' || "email" FROM "users" WHERE "id" = $2 FOR SHARE),
    (SELECT "first_name" || ' ' || "last_name" FROM "users" WHERE "id" = $3 FOR SHARE))
$$;
