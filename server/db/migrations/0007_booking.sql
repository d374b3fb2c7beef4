CREATE SEQUENCE "public"."osb_change_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."osb_order_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."osb_plan_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."osb_price_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "osb_changes" (
	"key" text PRIMARY KEY DEFAULT 'OC' || lpad(nextval('osb_change_key_seq')::text, 8, '0') NOT NULL,
	"plan_key" text NOT NULL,
	"change_type" text NOT NULL,
	"changed_fields" jsonb NOT NULL,
	"price_diff" jsonb,
	"new_price_key" text,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "osb_orders" (
	"key" text PRIMARY KEY DEFAULT 'BO' || lpad(nextval('osb_order_key_seq')::text, 8, '0') NOT NULL,
	"plan_key" text NOT NULL,
	"status" text NOT NULL,
	"carrier_booking_no" text DEFAULT '' NOT NULL,
	"vessel" text DEFAULT '' NOT NULL,
	"voyage" text DEFAULT '' NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"si_cutoff" timestamp with time zone,
	"cy_cutoff" timestamp with time zone,
	"vgm_cutoff" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"clerk" uuid,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "osb_plans" (
	"key" text PRIMARY KEY DEFAULT 'OP' || lpad(nextval('osb_plan_key_seq')::text, 8, '0') NOT NULL,
	"osb_factory" text NOT NULL,
	"carrier" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"week_no" text NOT NULL,
	"container_type" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_snapshot" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "osb_prices" (
	"key" text PRIMARY KEY DEFAULT 'PR' || lpad(nextval('osb_price_key_seq')::text, 8, '0') NOT NULL,
	"carrier" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"container_type" text NOT NULL,
	"sailing_date" date NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"space" text NOT NULL,
	"transit_days" integer NOT NULL,
	"valid_until" date,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "osb_changes" ADD CONSTRAINT "osb_changes_plan_key_osb_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."osb_plans"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_changes" ADD CONSTRAINT "osb_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_changes" ADD CONSTRAINT "osb_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_changes" ADD CONSTRAINT "osb_changes_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_orders" ADD CONSTRAINT "osb_orders_plan_key_osb_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."osb_plans"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_orders" ADD CONSTRAINT "osb_orders_clerk_users_id_fk" FOREIGN KEY ("clerk") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_orders" ADD CONSTRAINT "osb_orders_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_plans" ADD CONSTRAINT "osb_plans_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "osb_prices" ADD CONSTRAINT "osb_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "osb_changes_plan_idx" ON "osb_changes" USING btree ("plan_key","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "osb_changes_one_pending_idx" ON "osb_changes" USING btree ("plan_key") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "osb_changes_status_idx" ON "osb_changes" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "osb_orders_plan_idx" ON "osb_orders" USING btree ("plan_key");--> statement-breakpoint
CREATE INDEX "osb_orders_created_idx" ON "osb_orders" USING btree ("created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_orders_status_idx" ON "osb_orders" USING btree ("status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_created_idx" ON "osb_plans" USING btree ("created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_owner_created_idx" ON "osb_plans" USING btree ("owner","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_status_idx" ON "osb_plans" USING btree ("status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_owner_status_idx" ON "osb_plans" USING btree ("owner","status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_etd_idx" ON "osb_plans" USING btree ("etd","key");--> statement-breakpoint
CREATE INDEX "osb_plans_owner_etd_idx" ON "osb_plans" USING btree ("owner","etd","key");--> statement-breakpoint
CREATE UNIQUE INDEX "osb_prices_sailing_idx" ON "osb_prices" USING btree ("pol","pod","container_type","sailing_date","carrier");--> statement-breakpoint
-- Unfiltered plan list totals per owner (defineList's `counter`), kept like the inspections' (migration 0006).
CREATE TRIGGER osb_plans_count_insert AFTER INSERT ON osb_plans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('plan');
--> statement-breakpoint
CREATE TRIGGER osb_plans_count_delete AFTER DELETE ON osb_plans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('plan');
