CREATE TYPE "public"."remediation_batch_status" AS ENUM('scheduled', 'running', 'completed', 'stopped', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."remediation_status" AS ENUM('proposed', 'approved', 'dry_run', 'executing', 'applied', 'verifying', 'verified', 'failed_verification', 'rolling_back', 'rolled_back', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "remediation_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" "remediation_batch_status" DEFAULT 'scheduled' NOT NULL,
	"schedule_time" timestamp with time zone NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"max_hosts_per_run" integer NOT NULL,
	"stop_on_failure" boolean NOT NULL,
	"skipped" jsonb NOT NULL,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"vulnerability_id" uuid,
	"check_id" text,
	"action_id" text NOT NULL,
	"target" text NOT NULL,
	"lock_key" text NOT NULL,
	"host_id" uuid,
	"cloud_connection_id" uuid,
	"params" jsonb NOT NULL,
	"status" "remediation_status" DEFAULT 'proposed' NOT NULL,
	"dry_run_only" boolean DEFAULT false NOT NULL,
	"dry_run" jsonb,
	"captured" jsonb,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verification" jsonb,
	"rollback_verification" jsonb,
	"transitions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"requested_by" uuid,
	"approved_by" uuid,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"acknowledgement" text,
	"rollback_requested_at" timestamp with time zone,
	"rollback_requested_by" uuid,
	"batch_id" uuid,
	"workflow_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remediation_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"port" integer DEFAULT 22 NOT NULL,
	"username" text NOT NULL,
	"auth_type" text NOT NULL,
	"sealed_credentials" text NOT NULL,
	"privilege" text NOT NULL,
	"host_key_sha256" text,
	"last_connected_at" timestamp with time zone,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_policies" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"analysts_may_approve" boolean DEFAULT false NOT NULL,
	"allow_auto_approve" boolean DEFAULT false NOT NULL,
	"max_hosts_per_run" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"execution_id" uuid NOT NULL,
	"vulnerability_id" uuid,
	"phase" text NOT NULL,
	"check_id" text NOT NULL,
	"target" text NOT NULL,
	"fixed" boolean NOT NULL,
	"evidence" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_workflows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"template" jsonb NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remediation_batches" ADD CONSTRAINT "remediation_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_batches" ADD CONSTRAINT "remediation_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_vulnerability_id_vulnerabilities_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_host_id_remediation_hosts_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."remediation_hosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_rollback_requested_by_users_id_fk" FOREIGN KEY ("rollback_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_batch_id_remediation_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."remediation_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_executions" ADD CONSTRAINT "remediation_executions_workflow_id_remediation_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."remediation_workflows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_hosts" ADD CONSTRAINT "remediation_hosts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_hosts" ADD CONSTRAINT "remediation_hosts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_policies" ADD CONSTRAINT "remediation_policies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_verifications" ADD CONSTRAINT "remediation_verifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_verifications" ADD CONSTRAINT "remediation_verifications_execution_id_remediation_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."remediation_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_workflows" ADD CONSTRAINT "remediation_workflows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_workflows" ADD CONSTRAINT "remediation_workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remediation_executions_org_idx" ON "remediation_executions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "remediation_executions_vuln_idx" ON "remediation_executions" USING btree ("vulnerability_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remediation_executions_running_uq" ON "remediation_executions" USING btree ("organization_id","lock_key") WHERE status in ('dry_run', 'executing', 'applied', 'verifying', 'rolling_back');--> statement-breakpoint
CREATE UNIQUE INDEX "remediation_hosts_org_address_uq" ON "remediation_hosts" USING btree ("organization_id","address");--> statement-breakpoint
CREATE INDEX "remediation_verifications_exec_idx" ON "remediation_verifications" USING btree ("execution_id");