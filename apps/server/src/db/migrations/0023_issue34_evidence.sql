CREATE TABLE "compliance_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_digests" (
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"digest_time" timestamp with time zone NOT NULL,
	"from_seq" bigint NOT NULL,
	"to_seq" bigint NOT NULL,
	"digest" jsonb NOT NULL,
	"run_id" uuid,
	CONSTRAINT "evidence_digests_organization_id_number_pk" PRIMARY KEY("organization_id","number")
);
--> statement-breakpoint
CREATE TABLE "evidence_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"framework_id" text,
	"manifest_sha256" text NOT NULL,
	"last_digest_signature" text NOT NULL,
	"package_created_at" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_files" (
	"evidence_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"requirement_ids" text[] NOT NULL,
	"source" jsonb NOT NULL,
	"collector_id" text,
	"collector_version" text,
	"outcome" text NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"review_required" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"metadata" jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"status" text NOT NULL,
	"run_id" uuid,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "evidence_keys" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"public_key_pem" text NOT NULL,
	"fingerprint" text NOT NULL,
	"sealed_private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_ledger" (
	"organization_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"evidence_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "evidence_ledger_organization_id_seq_pk" PRIMARY KEY("organization_id","seq")
);
--> statement-breakpoint
CREATE TABLE "evidence_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"framework_id" text,
	"requirement_id" text,
	"collector_ids" text[],
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"item_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"digest_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evidence_schedules" (
	"organization_id" uuid NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_id" text NOT NULL,
	"frequency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_schedules_organization_id_scope_kind_scope_id_pk" PRIMARY KEY("organization_id","scope_kind","scope_id")
);
--> statement-breakpoint
ALTER TABLE "compliance_reports" ADD CONSTRAINT "compliance_reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_reports" ADD CONSTRAINT "compliance_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_digests" ADD CONSTRAINT "evidence_digests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_exports" ADD CONSTRAINT "evidence_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_exports" ADD CONSTRAINT "evidence_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_evidence_id_evidence_items_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_items" ADD CONSTRAINT "evidence_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_items" ADD CONSTRAINT "evidence_items_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_items" ADD CONSTRAINT "evidence_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_keys" ADD CONSTRAINT "evidence_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_ledger" ADD CONSTRAINT "evidence_ledger_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_runs" ADD CONSTRAINT "evidence_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_runs" ADD CONSTRAINT "evidence_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_schedules" ADD CONSTRAINT "evidence_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_schedules" ADD CONSTRAINT "evidence_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_exports_org_idx" ON "evidence_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_items_org_collector_idx" ON "evidence_items" USING btree ("organization_id","collector_id","observed_at");--> statement-breakpoint
CREATE INDEX "evidence_items_requirements_idx" ON "evidence_items" USING gin ("requirement_ids");--> statement-breakpoint
CREATE INDEX "evidence_runs_org_created_idx" ON "evidence_runs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_schedules_due_idx" ON "evidence_schedules" USING btree ("next_run_at") WHERE enabled;--> statement-breakpoint
-- Hand-written below (issue 34): the evidence ledger and its signed digests are append-only, as
-- security_events is (0009). Deleting is refused unless the row's organization is gone (the
-- cascade of deleting an organization) or the session sets netguard.allow_evidence_delete = on
-- (an operator's deliberate purge; `netguard evidence verify` then reports the gap). This stops
-- the application's role and mistakes, not a superuser: the hash chain and the signed digests
-- are what make tampering evident.
CREATE FUNCTION evidence_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION '% is append-only: row % of organization % cannot be changed',
      TG_TABLE_NAME, coalesce(to_jsonb(OLD) ->> 'seq', to_jsonb(OLD) ->> 'number'), OLD.organization_id;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF coalesce(current_setting('netguard.allow_evidence_delete', true), '') = 'on' THEN
      RETURN OLD;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = OLD.organization_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION '% is append-only: row % of organization % cannot be deleted',
      TG_TABLE_NAME, coalesce(to_jsonb(OLD) ->> 'seq', to_jsonb(OLD) ->> 'number'), OLD.organization_id;
  END IF;
  IF coalesce(current_setting('netguard.allow_evidence_delete', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is append-only: it cannot be truncated', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER evidence_ledger_append_only BEFORE UPDATE OR DELETE ON evidence_ledger
  FOR EACH ROW EXECUTE FUNCTION evidence_append_only();--> statement-breakpoint
CREATE TRIGGER evidence_ledger_no_truncate BEFORE TRUNCATE ON evidence_ledger
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_append_only();--> statement-breakpoint
CREATE TRIGGER evidence_digests_append_only BEFORE UPDATE OR DELETE ON evidence_digests
  FOR EACH ROW EXECUTE FUNCTION evidence_append_only();--> statement-breakpoint
CREATE TRIGGER evidence_digests_no_truncate BEFORE TRUNCATE ON evidence_digests
  FOR EACH STATEMENT EXECUTE FUNCTION evidence_append_only();
