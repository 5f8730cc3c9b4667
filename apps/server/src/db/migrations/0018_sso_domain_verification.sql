CREATE TYPE "public"."sso_domain_status" AS ENUM('unverified', 'verified');--> statement-breakpoint
DROP INDEX "sso_domains_org_idx";--> statement-breakpoint
-- Hand-written (issue 31, SSO domains proved before they route): a domain was the primary key, so
-- the first organization to name it owned it. Claims are now per (organization, domain); the
-- primary key made by 0010 ("domain" text PRIMARY KEY) is sso_domains_pkey. Existing claims become
-- unverified (nothing proved them) with a fresh token each: they route nothing until verified.
ALTER TABLE "sso_domains" DROP CONSTRAINT "sso_domains_pkey";--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_organization_id_domain_pk" PRIMARY KEY("organization_id","domain");--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "status" "sso_domain_status" DEFAULT 'unverified' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD COLUMN "misses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_verified_uq" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "sso_domains_recheck_idx" ON "sso_domains" USING btree ("last_checked_at") WHERE "sso_domains"."status" = 'verified';--> statement-breakpoint
-- Hand-written (issue 31). Row-level security hides other organizations' claims from a request of
-- the application role; claiming a domain must still be refused when another organization holds
-- it verified. This function runs as the owner and answers that one question, nothing more.
CREATE FUNCTION netguard_sso_domain_verified_elsewhere(p_domain text, p_organization uuid)
  RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (
    SELECT 1 FROM sso_domains
     WHERE domain = p_domain AND status = 'verified' AND organization_id <> p_organization
  )
$$;
