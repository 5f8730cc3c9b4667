CREATE TYPE "public"."scan_chunk_status" AS ENUM('queued', 'running', 'done', 'failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "scan_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"spec" jsonb NOT NULL,
	"weight" bigint NOT NULL,
	"status" "scan_chunk_status" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"hosts_scanned" integer DEFAULT 0 NOT NULL,
	"error" text,
	"worker_id" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"address" text NOT NULL,
	"hostname" text,
	"status" text DEFAULT 'up' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scan_id" uuid NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"protocol" text NOT NULL,
	"state" text NOT NULL,
	"service" text,
	"product" text,
	"version" text,
	"cpe" text,
	"banner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "check_id" text;--> statement-breakpoint
ALTER TABLE "vulnerabilities" ADD COLUMN "finding_key" text;--> statement-breakpoint
ALTER TABLE "scan_chunks" ADD CONSTRAINT "scan_chunks_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_hosts" ADD CONSTRAINT "scan_hosts_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_services" ADD CONSTRAINT "scan_services_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_chunks_scan_index_uq" ON "scan_chunks" USING btree ("scan_id","index");--> statement-breakpoint
CREATE INDEX "scan_chunks_status_idx" ON "scan_chunks" USING btree ("status","heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_hosts_scan_address_uq" ON "scan_hosts" USING btree ("scan_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_services_scan_host_port_uq" ON "scan_services" USING btree ("scan_id","host","port","protocol");--> statement-breakpoint
CREATE INDEX "scans_org_status_idx" ON "scans" USING btree ("organization_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "vulnerabilities_scan_finding_uq" ON "vulnerabilities" USING btree ("scan_id","finding_key");