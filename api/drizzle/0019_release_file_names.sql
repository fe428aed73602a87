-- Every content-hashed file name an area has released holds one content for good: phones reuse their copy of a file
-- for any release's file of that name. Filled from the releases stored so far, the earliest release of a name first.
CREATE TABLE "release_file_names" (
	"area" text NOT NULL,
	"path" text NOT NULL,
	"integrity" text NOT NULL,
	CONSTRAINT "release_file_names_area_path_pk" PRIMARY KEY("area","path")
);--> statement-breakpoint
INSERT INTO "release_file_names" ("area", "path", "integrity")
SELECT "releases"."area", "file"."key", "file"."value"->>'integrity'
FROM "releases", jsonb_each("releases"."manifest"::jsonb->'files') AS "file"
WHERE "file"."key" ~ '-(?=[\w-]{0,7}[A-Z0-9])[\w-]{8}\.\w+$'
ORDER BY "releases"."released_at", "releases"."version"
ON CONFLICT DO NOTHING;
