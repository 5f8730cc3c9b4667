-- Issue 33: a host key is used only once a person confirmed it. Hosts pinned on first use before
-- this keep their pinned key (every connection still checks it) and stay unconfirmed, so they run
-- no execution until an administrator confirms that fingerprint.
ALTER TABLE "remediation_hosts" ADD COLUMN "seen_host_key_sha256" text;--> statement-breakpoint
ALTER TABLE "remediation_hosts" ADD COLUMN "host_key_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "remediation_hosts" ADD COLUMN "host_key_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "remediation_hosts" ADD CONSTRAINT "remediation_hosts_host_key_confirmed_by_users_id_fk" FOREIGN KEY ("host_key_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;