CREATE SEQUENCE "public"."osb_container_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "osb_containers" (
	"key" text PRIMARY KEY DEFAULT 'CT' || lpad(nextval('osb_container_key_seq')::text, 8, '0') NOT NULL,
	"plan_key" text NOT NULL,
	"container_type" text NOT NULL,
	"container_no" text,
	"seal_no" text,
	"tare_kg" double precision,
	"vgm_kg" double precision,
	"cbm_capacity" double precision NOT NULL,
	"payload_kg" double precision NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "osb_containers" ADD CONSTRAINT "osb_containers_plan_key_osb_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."osb_plans"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_containers" ADD CONSTRAINT "osb_containers_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "osb_containers_plan_idx" ON "osb_containers" USING btree ("plan_key","key");--> statement-breakpoint
CREATE UNIQUE INDEX "osb_containers_number_idx" ON "osb_containers" USING btree ("container_no") WHERE active and container_no is not null;