CREATE TYPE "public"."report_status" AS ENUM('generating', 'ready', 'failed');--> statement-breakpoint
CREATE TYPE "public"."vuln_state" AS ENUM('open', 'fixed');--> statement-breakpoint
CREATE TABLE "vulnerability_sightings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vulnerability_id" uuid NOT NULL,
	"scan_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topology_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vulnerabilities" DROP CONSTRAINT "vulnerabilities_scan_id_scans_id_fk";
--> statement-breakpoint
DROP INDEX "vulnerabilities_scan_finding_uq";--> statement-breakpoint
ALTER TABLE "vulnerabilities" ALTER COLUMN "scan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "status" "report_status" DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "protocol" text DEFAULT 'tcp' NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "state" "vuln_state" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "first_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "last_scan_id" uuid;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "fixed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "fixed_scan_id" uuid;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "reopen_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vulnerability_sightings" ADD CONSTRAINT "vulnerability_sightings_vulnerability_id_vulnerabilities_id_fk" FOREIGN KEY ("vulnerability_id") REFERENCES "public"."vulnerabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerability_sightings" ADD CONSTRAINT "vulnerability_sightings_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerability_sightings" ADD CONSTRAINT "vulnerability_sightings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topology_settings" ADD CONSTRAINT "topology_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topology_settings" ADD CONSTRAINT "topology_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vulnerability_sightings_scan_vuln_uq" ON "vulnerability_sightings" USING btree ("scan_id","vulnerability_id");--> statement-breakpoint
CREATE INDEX "vulnerability_sightings_vuln_idx" ON "vulnerability_sightings" USING btree ("vulnerability_id");--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_last_scan_id_scans_id_fk" FOREIGN KEY ("last_scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_fixed_scan_id_scans_id_fk" FOREIGN KEY ("fixed_scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD CONSTRAINT "vulnerabilities_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Existing per-scan findings become one vulnerability per organization and finding key.
UPDATE "vulnerabilities" SET "first_seen_at" = "created_at", "last_seen_at" = "created_at", "last_scan_id" = "scan_id",
  "protocol" = coalesce(nullif(split_part("finding_key", '|', 3), ''), 'tcp'),
  "due_at" = "created_at" + CASE "severity" WHEN 'critical' THEN interval '24 hours' WHEN 'high' THEN interval '48 hours' WHEN 'medium' THEN interval '7 days' WHEN 'low' THEN interval '90 days' END;--> statement-breakpoint
INSERT INTO "vulnerability_sightings" ("vulnerability_id", "scan_id", "organization_id", "seen_at")
  SELECT "id", "scan_id", "organization_id", "created_at" FROM "vulnerabilities" WHERE "scan_id" IS NOT NULL;--> statement-breakpoint
CREATE TEMPORARY TABLE "vuln_merge" AS
  SELECT "id", first_value("id") OVER (PARTITION BY "organization_id", "finding_key" ORDER BY "created_at", "id") AS "keep"
  FROM "vulnerabilities" WHERE "finding_key" IS NOT NULL;--> statement-breakpoint
DELETE FROM "vulnerability_sightings" s USING "vuln_merge" m, "vulnerability_sightings" k
  WHERE s."vulnerability_id" = m."id" AND m."id" <> m."keep" AND k."vulnerability_id" = m."keep" AND k."scan_id" = s."scan_id";--> statement-breakpoint
UPDATE "vulnerability_sightings" s SET "vulnerability_id" = m."keep" FROM "vuln_merge" m
  WHERE s."vulnerability_id" = m."id" AND m."id" <> m."keep";--> statement-breakpoint
DELETE FROM "vulnerabilities" v USING "vuln_merge" m WHERE v."id" = m."id" AND m."id" <> m."keep";--> statement-breakpoint
UPDATE "vulnerabilities" v SET "occurrences" = c."n", "last_seen_at" = c."last",
  "last_scan_id" = (SELECT "scan_id" FROM "vulnerability_sightings" WHERE "vulnerability_id" = v."id" ORDER BY "seen_at" DESC LIMIT 1)
  FROM (SELECT "vulnerability_id", count(*)::int AS "n", max("seen_at") AS "last" FROM "vulnerability_sightings" GROUP BY 1) c
  WHERE c."vulnerability_id" = v."id";--> statement-breakpoint
DROP TABLE "vuln_merge";--> statement-breakpoint
CREATE UNIQUE INDEX "vulnerabilities_org_finding_uq" ON "vulnerabilities" USING btree ("organization_id","finding_key");--> statement-breakpoint
CREATE INDEX "vulnerabilities_org_host_idx" ON "vulnerabilities" USING btree ("organization_id","host");