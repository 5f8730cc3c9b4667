ALTER TABLE "users" ADD COLUMN "deployment_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scans" ADD COLUMN "ports" text;