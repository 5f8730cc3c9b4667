-- Issue 34: an auditor's request for evidence for one requirement, open until an admin closes it
-- (fulfilled by an evidence item or a collection run, or declined with a reason). Numbered 0027:
-- 0026 is another change's. Row-level security comes with the organization_id column
-- (applyRowLevelSecurity after the migrations).
CREATE TABLE "evidence_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"framework_id" text NOT NULL,
	"requirement_id" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"reason" text,
	"evidence_id" uuid,
	"run_id" uuid,
	CONSTRAINT "evidence_requests_status" CHECK ("evidence_requests"."status" in ('open', 'fulfilled', 'declined')),
	CONSTRAINT "evidence_requests_closed" CHECK (("evidence_requests"."status" = 'open') = ("evidence_requests"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_evidence_id_evidence_items_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_requests" ADD CONSTRAINT "evidence_requests_run_id_evidence_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."evidence_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_requests_org_status_idx" ON "evidence_requests" USING btree ("organization_id","status","created_at");
