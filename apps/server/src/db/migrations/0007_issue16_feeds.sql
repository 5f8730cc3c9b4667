ALTER TYPE "public"."vuln_state" ADD VALUE 'not_affected';--> statement-breakpoint
CREATE TABLE "distro_fixes" (
	"cve_id" text NOT NULL,
	"product" text NOT NULL,
	"distro" text NOT NULL,
	"release" text NOT NULL,
	"package" text NOT NULL,
	"fixed" text,
	"not_affected" boolean DEFAULT false NOT NULL,
	"feed_import_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distro_fixes_cve_id_product_distro_release_package_pk" PRIMARY KEY("cve_id","product","distro","release","package")
);
--> statement-breakpoint
ALTER TABLE "distro_fixes" ADD CONSTRAINT "distro_fixes_feed_import_id_feed_imports_id_fk" FOREIGN KEY ("feed_import_id") REFERENCES "public"."feed_imports"("id") ON DELETE set null ON UPDATE no action;