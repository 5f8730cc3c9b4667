CREATE TYPE "public"."cloud_connection_status" AS ENUM('connected', 'disconnected', 'error');--> statement-breakpoint
CREATE TYPE "public"."cloud_exposure" AS ENUM('confirmed_reachable', 'filtered', 'not_reachable', 'unchecked');--> statement-breakpoint
CREATE TYPE "public"."cloud_provider" AS ENUM('aws', 'azure', 'gcp');--> statement-breakpoint
CREATE TYPE "public"."cloud_scan_status" AS ENUM('queued', 'running', 'passed', 'failed', 'partial', 'cancelled', 'error');--> statement-breakpoint
CREATE TABLE "cloud_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"provider" "cloud_provider" NOT NULL,
	"name" text NOT NULL,
	"sealed_credentials" text NOT NULL,
	"region" text NOT NULL,
	"account" text,
	"principal" text,
	"status" "cloud_connection_status" DEFAULT 'connected' NOT NULL,
	"last_error" text,
	"last_scan_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_finding_sightings" (
	"scan_id" uuid NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"was_new" boolean DEFAULT false NOT NULL,
	CONSTRAINT "cloud_finding_sightings_scan_id_vulnerability_id_pk" PRIMARY KEY("scan_id","vulnerability_id")
);
--> statement-breakpoint
CREATE TABLE "cloud_findings" (
	"vulnerability_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"connection_id" uuid,
	"provider" "cloud_provider" NOT NULL,
	"account" text NOT NULL,
	"region" text NOT NULL,
	"resource_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"check_id" text NOT NULL,
	"detail" text NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"public_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exposed_ports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exposure" "cloud_exposure" DEFAULT 'unchecked' NOT NULL,
	"reachable_ports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_scan_id" uuid,
	"fixed_scan_id" uuid
);
--> statement-breakpoint
CREATE TABLE "cloud_mute_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"check_id" text,
	"resource_pattern" text,
	"resource_like" text,
	"tag_key" text,
	"tag_value" text,
	"account" text,
	"region" text,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"connection_id" uuid,
	"connection_name" text NOT NULL,
	"provider" "cloud_provider" NOT NULL,
	"service_scope" jsonb,
	"status" "cloud_scan_status" DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"phase" text DEFAULT 'queued' NOT NULL,
	"counts" jsonb,
	"accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gaps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calls" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"requested_by" uuid,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cloud_connections" ADD CONSTRAINT "cloud_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_connections" ADD CONSTRAINT "cloud_connections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_finding_sightings" ADD CONSTRAINT "cloud_finding_sightings_scan_id_cloud_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."cloud_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_finding_sightings" ADD CONSTRAINT "cloud_finding_sightings_vulnerability_id_vulnerabilities_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_finding_sightings" ADD CONSTRAINT "cloud_finding_sightings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_findings" ADD CONSTRAINT "cloud_findings_vulnerability_id_vulnerabilities_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_findings" ADD CONSTRAINT "cloud_findings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_findings" ADD CONSTRAINT "cloud_findings_connection_id_cloud_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."cloud_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_findings" ADD CONSTRAINT "cloud_findings_last_scan_id_cloud_scans_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."cloud_scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_findings" ADD CONSTRAINT "cloud_findings_fixed_scan_id_cloud_scans_id_fk" FOREIGN KEY ("fixed_scan_id") REFERENCES "public"."cloud_scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_mute_rules" ADD CONSTRAINT "cloud_mute_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_mute_rules" ADD CONSTRAINT "cloud_mute_rules_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_scans" ADD CONSTRAINT "cloud_scans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_scans" ADD CONSTRAINT "cloud_scans_connection_id_cloud_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."cloud_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_scans" ADD CONSTRAINT "cloud_scans_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_connections_org_idx" ON "cloud_connections" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_finding_sightings_vuln_idx" ON "cloud_finding_sightings" USING btree ("vulnerability_id");--> statement-breakpoint
CREATE INDEX "cloud_findings_org_idx" ON "cloud_findings" USING btree ("organization_id","check_id");--> statement-breakpoint
CREATE INDEX "cloud_findings_connection_idx" ON "cloud_findings" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "cloud_mute_rules_org_idx" ON "cloud_mute_rules" USING btree ("organization_id","expires_at");--> statement-breakpoint
CREATE INDEX "cloud_scans_org_created_idx" ON "cloud_scans" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_scans_connection_idx" ON "cloud_scans" USING btree ("connection_id","created_at");--> statement-breakpoint
CREATE INDEX "cloud_scans_status_idx" ON "cloud_scans" USING btree ("status");