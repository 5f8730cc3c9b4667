CREATE TYPE "public"."feed_import_status" AS ENUM('running', 'succeeded', 'partial', 'failed');--> statement-breakpoint
CREATE TYPE "public"."feed_source" AS ENUM('nvd', 'kev', 'epss', 'vulnrichment', 'osv');--> statement-breakpoint
CREATE TYPE "public"."feed_trigger" AS ENUM('schedule', 'upload', 'cli');--> statement-breakpoint
CREATE TYPE "public"."asset_kind" AS ENUM('host', 'tag');--> statement-breakpoint
CREATE TABLE "advisories" (
	"id" text PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"cve_id" text,
	"source" "feed_source" NOT NULL,
	"data" jsonb NOT NULL,
	"feed_import_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epss_scores" (
	"cve_id" text NOT NULL,
	"score_date" date NOT NULL,
	"score" double precision NOT NULL,
	"percentile" double precision NOT NULL,
	"model_version" text,
	"feed_import_id" uuid,
	CONSTRAINT "epss_scores_cve_id_score_date_pk" PRIMARY KEY("cve_id","score_date")
);
--> statement-breakpoint
CREATE TABLE "feed_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" "feed_source" NOT NULL,
	"origin" text NOT NULL,
	"trigger" "feed_trigger" NOT NULL,
	"status" "feed_import_status" DEFAULT 'running' NOT NULL,
	"feed_version" text,
	"catalog_date" timestamp with time zone,
	"sha256" text,
	"bytes" double precision,
	"counts" jsonb,
	"errors" text[] DEFAULT '{}' NOT NULL,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kev_entries" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"date_added" date,
	"due_date" date,
	"required_action" text,
	"ransomware" boolean,
	"feed_import_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ssvc_entries" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"exploitation" text,
	"automatable" text,
	"technical_impact" text,
	"assessed_at" timestamp with time zone,
	"feed_import_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_contexts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" "asset_kind" NOT NULL,
	"target" text NOT NULL,
	"criticality" text NOT NULL,
	"mission_prevalence" text NOT NULL,
	"public_wellbeing" text NOT NULL,
	"exposure" text,
	"owner" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total_risk" double precision NOT NULL,
	"open_vulnerabilities" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vulnerability_assessments" (
	"vulnerability_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"risk_score" double precision NOT NULL,
	"risk_level" text NOT NULL,
	"confidence" double precision NOT NULL,
	"ssvc_coordinator" text,
	"ssvc_deployer" text,
	"assessment" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vulnerability_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "detection" jsonb;--> statement-breakpoint
ALTER TABLE "advisories" ADD CONSTRAINT "advisories_feed_import_id_feed_imports_id_fk" FOREIGN KEY ("feed_import_id") REFERENCES "public"."feed_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epss_scores" ADD CONSTRAINT "epss_scores_feed_import_id_feed_imports_id_fk" FOREIGN KEY ("feed_import_id") REFERENCES "public"."feed_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kev_entries" ADD CONSTRAINT "kev_entries_feed_import_id_feed_imports_id_fk" FOREIGN KEY ("feed_import_id") REFERENCES "public"."feed_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ssvc_entries" ADD CONSTRAINT "ssvc_entries_feed_import_id_feed_imports_id_fk" FOREIGN KEY ("feed_import_id") REFERENCES "public"."feed_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_contexts" ADD CONSTRAINT "asset_contexts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_contexts" ADD CONSTRAINT "asset_contexts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_snapshots" ADD CONSTRAINT "risk_snapshots_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerability_assessments" ADD CONSTRAINT "vulnerability_assessments_vulnerability_id_vulnerabilities_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerability_assessments" ADD CONSTRAINT "vulnerability_assessments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerability_events" ADD CONSTRAINT "vulnerability_events_vulnerability_id_vulnerabilities_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerability_events" ADD CONSTRAINT "vulnerability_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisories_product_idx" ON "advisories" USING btree ("product");--> statement-breakpoint
CREATE INDEX "advisories_cve_idx" ON "advisories" USING btree ("cve_id");--> statement-breakpoint
CREATE INDEX "feed_imports_source_started_idx" ON "feed_imports" USING btree ("source","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_contexts_org_kind_target_uq" ON "asset_contexts" USING btree ("organization_id","kind","target");--> statement-breakpoint
CREATE INDEX "risk_snapshots_org_taken_idx" ON "risk_snapshots" USING btree ("organization_id","taken_at");--> statement-breakpoint
CREATE INDEX "vulnerability_assessments_org_idx" ON "vulnerability_assessments" USING btree ("organization_id","risk_score");--> statement-breakpoint
CREATE INDEX "vulnerability_events_vuln_idx" ON "vulnerability_events" USING btree ("vulnerability_id","created_at");