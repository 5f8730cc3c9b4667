-- Issue 35: self-test suite executions (spec part 2 §3 fields, the inconclusive count, live
-- progress and each test's result with its evidence). Row-level security comes with the
-- organization_id column (applyRowLevelSecurity after the migrations).
CREATE TABLE "selftest_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"suite_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text DEFAULT 'Queued' NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"pass_rate" double precision,
	"total_tests" integer DEFAULT 0 NOT NULL,
	"passed_tests" integer DEFAULT 0 NOT NULL,
	"failed_tests" integer DEFAULT 0 NOT NULL,
	"skipped_tests" integer DEFAULT 0 NOT NULL,
	"inconclusive_tests" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"error" text,
	"canary_removed" boolean,
	CONSTRAINT "selftest_status" CHECK ("selftest_executions"."status" in ('running', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "selftest_progress_range" CHECK ("selftest_executions"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "selftest_executions" ADD CONSTRAINT "selftest_executions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selftest_executions" ADD CONSTRAINT "selftest_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selftest_org_suite_start_idx" ON "selftest_executions" USING btree ("organization_id","suite_id","start_time");
