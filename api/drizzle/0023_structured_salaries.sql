ALTER TABLE "jobs" ADD COLUMN "salary_min" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_max" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_currency" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_period" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_check" CHECK (("jobs"."salary_min" is null and "jobs"."salary_max" is null and "jobs"."salary_currency" is null and "jobs"."salary_period" is null) or ("jobs"."salary_min" >= 0 and ("jobs"."salary_max" is null or "jobs"."salary_max" >= "jobs"."salary_min") and "jobs"."salary_currency" ~ '^[A-Z]{3}$' and "jobs"."salary_period" in ('hour', 'day', 'week', 'month', 'year')));--> statement-breakpoint
-- Salaries get amounts. A stored free text that says them plainly ("RWF 250,000 - 320,000 per month", "Frw 5,000 /
-- day", "USD 500 a week"; Rwandan francs when it names no currency) becomes the amounts, currency and period, and the
-- text is no longer kept; any other text ("RWF 8,000 per shift", two currencies, a highest amount below the lowest,
-- more than a billion) stays as the employer wrote it. The pattern and the currencies' words are those of
-- shared-api/src/jobs/salary.ts, which reads the texts pages released before amounts still send (a test holds the
-- two together).
WITH "read" AS (
  SELECT "id", regexp_match("salary_range", '^\s*(rwf|frw|rf|usd|us\$|\$|eur|€)?\s*(\d{1,3}(?:[,. ]\d{3})+|\d+)\s*(?:(?:-|–|—|to)\s*(?:(rwf|frw|rf|usd|us\$|\$|eur|€)\s*)?(\d{1,3}(?:[,. ]\d{3})+|\d+))?\s*(rwf|frw|rf|usd|us\$|\$|eur|€)?\s*(?:/|per|an?)\s*(hour|day|week|month|year|annum)s?\s*$', 'i') AS "m"
  FROM "jobs"
  WHERE "salary_range" IS NOT NULL
), "parts" AS (
  SELECT
    "id",
    regexp_replace("m"[2], '\D', '', 'g')::numeric AS "low",
    regexp_replace("m"[4], '\D', '', 'g')::numeric AS "high",
    array_remove(ARRAY[CASE lower("m"[1]) WHEN 'rwf' THEN 'RWF' WHEN 'frw' THEN 'RWF' WHEN 'rf' THEN 'RWF' WHEN 'usd' THEN 'USD' WHEN 'us$' THEN 'USD' WHEN '$' THEN 'USD' WHEN 'eur' THEN 'EUR' WHEN '€' THEN 'EUR' END, CASE lower("m"[3]) WHEN 'rwf' THEN 'RWF' WHEN 'frw' THEN 'RWF' WHEN 'rf' THEN 'RWF' WHEN 'usd' THEN 'USD' WHEN 'us$' THEN 'USD' WHEN '$' THEN 'USD' WHEN 'eur' THEN 'EUR' WHEN '€' THEN 'EUR' END, CASE lower("m"[5]) WHEN 'rwf' THEN 'RWF' WHEN 'frw' THEN 'RWF' WHEN 'rf' THEN 'RWF' WHEN 'usd' THEN 'USD' WHEN 'us$' THEN 'USD' WHEN '$' THEN 'USD' WHEN 'eur' THEN 'EUR' WHEN '€' THEN 'EUR' END], NULL) AS "currencies",
    CASE lower("m"[6]) WHEN 'annum' THEN 'year' ELSE lower("m"[6]) END AS "period"
  FROM "read"
  WHERE "m" IS NOT NULL
)
UPDATE "jobs"
SET
  "salary_min" = "parts"."low",
  "salary_max" = "parts"."high",
  "salary_currency" = coalesce("parts"."currencies"[1], 'RWF'),
  "salary_period" = "parts"."period",
  "salary_range" = NULL
FROM "parts"
WHERE "jobs"."id" = "parts"."id"
  AND "parts"."low" <= 1000000000
  AND ("parts"."high" IS NULL OR ("parts"."high" <= 1000000000 AND "parts"."high" >= "parts"."low"))
  AND NOT EXISTS (SELECT 1 FROM unnest("parts"."currencies") AS "named" WHERE "named" <> "parts"."currencies"[1]);
