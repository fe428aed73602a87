CREATE TABLE "job_application_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"by_id" integer,
	"by_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer,
	"trainee_id" integer NOT NULL,
	"job_title" text NOT NULL,
	"company_name" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"phone" text,
	"cover_note" text,
	"cv" "bytea",
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_status_check" CHECK ("job_applications"."status" in ('New', 'Shortlisted', 'Interview', 'Offered', 'Hired', 'Not selected', 'Withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "job_application_events" ADD CONSTRAINT "job_application_events_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_events" ADD CONSTRAINT "job_application_events_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_application_events_application_idx" ON "job_application_events" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_trainee_job_unique" ON "job_applications" USING btree ("trainee_id","job_id");--> statement-breakpoint
CREATE INDEX "job_applications_job_idx" ON "job_applications" USING btree ("job_id");