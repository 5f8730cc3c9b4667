CREATE TYPE "public"."siem_auth_type" AS ENUM('api_key', 'oauth', 'basic', 'token');--> statement-breakpoint
CREATE TYPE "public"."siem_delivery_state" AS ENUM('pending', 'delivered', 'dead');--> statement-breakpoint
CREATE TYPE "public"."siem_status" AS ENUM('active', 'inactive', 'error');--> statement-breakpoint
CREATE TYPE "public"."siem_type" AS ENUM('splunk', 'elastic', 'qradar', 'sentinel', 'sumo_logic', 'chronicle', 'arcsight');--> statement-breakpoint
CREATE TABLE "siem_deliveries" (
	"integration_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"state" "siem_delivery_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"receipt" jsonb,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	CONSTRAINT "siem_deliveries_integration_id_event_id_pk" PRIMARY KEY("integration_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "siem_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"event" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siem_integrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "siem_type" NOT NULL,
	"endpoint" text NOT NULL,
	"auth_type" "siem_auth_type" NOT NULL,
	"sealed_credentials" text NOT NULL,
	"public_credentials" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"channel" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" "siem_status" DEFAULT 'active' NOT NULL,
	"last_error" text,
	"last_sync" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "siem_deliveries" ADD CONSTRAINT "siem_deliveries_integration_id_siem_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."siem_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siem_deliveries" ADD CONSTRAINT "siem_deliveries_event_id_siem_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."siem_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siem_deliveries" ADD CONSTRAINT "siem_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siem_events" ADD CONSTRAINT "siem_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siem_integrations" ADD CONSTRAINT "siem_integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siem_integrations" ADD CONSTRAINT "siem_integrations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "siem_deliveries_queue_idx" ON "siem_deliveries" USING btree ("integration_id","state","seq");--> statement-breakpoint
CREATE INDEX "siem_deliveries_delivered_idx" ON "siem_deliveries" USING btree ("integration_id","delivered_at");--> statement-breakpoint
CREATE INDEX "siem_events_org_idx" ON "siem_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "siem_integrations_org_idx" ON "siem_integrations" USING btree ("organization_id","created_at");