CREATE TABLE "load_ticket_uses" (
	"load" text NOT NULL,
	"area" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "load_ticket_uses_load_area_kind_pk" PRIMARY KEY("load","area","kind")
);
--> statement-breakpoint
CREATE TABLE "rollout_browsers" (
	"area" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"version" text NOT NULL,
	"browser" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollout_browsers_area_started_at_version_browser_pk" PRIMARY KEY("area","started_at","version","browser")
);
--> statement-breakpoint
CREATE TABLE "rollout_troubles" (
	"area" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"browser" text NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"percent" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollout_troubles_area_started_at_browser_kind_pk" PRIMARY KEY("area","started_at","browser","kind")
);
--> statement-breakpoint
CREATE TABLE "version_speed" (
	"area" text NOT NULL,
	"version" text NOT NULL,
	"browser" text NOT NULL,
	"lcp_ms" integer,
	"inp_ms" integer,
	"cls" double precision,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "version_speed_area_version_browser_pk" PRIMARY KEY("area","version","browser")
);
--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_stages" text;--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_every_seconds" integer;--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_stage_browsers" integer;--> statement-breakpoint
ALTER TABLE "release_areas" ADD COLUMN "rollout_stage_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "load_ticket_uses_expiry_idx" ON "load_ticket_uses" USING btree ("expires_at");