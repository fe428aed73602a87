CREATE TABLE "page_cache_generation" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
