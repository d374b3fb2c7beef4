CREATE SEQUENCE "public"."bol_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bills_of_lading" (
	"key" text PRIMARY KEY DEFAULT 'BL' || lpad(nextval('bol_key_seq')::text, 8, '0') NOT NULL,
	"bol_no" text NOT NULL,
	"type" text NOT NULL,
	"release_type" text,
	"plan_key" text NOT NULL,
	"order_key" text NOT NULL,
	"carrier" text NOT NULL,
	"carrier_booking_no" text NOT NULL,
	"shipper" jsonb NOT NULL,
	"consignee" jsonb NOT NULL,
	"notify_party" jsonb NOT NULL,
	"consignee_name" text NOT NULL,
	"place_of_receipt" text NOT NULL,
	"pol" text NOT NULL,
	"pod" text NOT NULL,
	"place_of_delivery" text NOT NULL,
	"vessel" text NOT NULL,
	"voyage" text NOT NULL,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"containers" jsonb NOT NULL,
	"marks" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"hs_code" text DEFAULT '' NOT NULL,
	"packages" integer NOT NULL,
	"pieces" integer NOT NULL,
	"gross_weight" double precision NOT NULL,
	"cbm" double precision NOT NULL,
	"freight_term" text NOT NULL,
	"status" text NOT NULL,
	"issue_date" date,
	"issued_by" uuid,
	"amendment_comment" text DEFAULT '' NOT NULL,
	"void_reason" text DEFAULT '' NOT NULL,
	"user_remark" text DEFAULT '' NOT NULL,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "osb_containers" ADD COLUMN "bol_key" text;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_plan_key_osb_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."osb_plans"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_order_key_osb_orders_key_fk" FOREIGN KEY ("order_key") REFERENCES "public"."osb_orders"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD CONSTRAINT "bills_of_lading_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_of_lading_bol_no_idx" ON "bills_of_lading" USING btree ("bol_no");--> statement-breakpoint
CREATE INDEX "bills_of_lading_created_idx" ON "bills_of_lading" USING btree ("created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_owner_created_idx" ON "bills_of_lading" USING btree ("owner","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_status_idx" ON "bills_of_lading" USING btree ("status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_owner_status_idx" ON "bills_of_lading" USING btree ("owner","status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_etd_idx" ON "bills_of_lading" USING btree ("etd","key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_plan_idx" ON "bills_of_lading" USING btree ("plan_key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_bol_no_prefix_idx" ON "bills_of_lading" USING btree (lower("bol_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bills_of_lading_vessel_prefix_idx" ON "bills_of_lading" USING btree (lower("vessel") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bills_of_lading_vessel_idx" ON "bills_of_lading" USING btree (lower("vessel"),"created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_booking_no_prefix_idx" ON "bills_of_lading" USING btree (lower("carrier_booking_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bills_of_lading_consignee_prefix_idx" ON "bills_of_lading" USING btree (lower("consignee_name") text_pattern_ops);--> statement-breakpoint
-- B/L list totals per owner and per owner and status (defineList's `counter` and `countedBy`), kept like the plans'
-- (migrations 0007 and 0009).
CREATE TRIGGER bills_of_lading_count_insert AFTER INSERT ON bills_of_lading
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('bol');
--> statement-breakpoint
CREATE TRIGGER bills_of_lading_count_delete AFTER DELETE ON bills_of_lading
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add('bol');
--> statement-breakpoint
CREATE TRIGGER bills_of_lading_status_count_insert AFTER INSERT ON bills_of_lading
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status('bol');
--> statement-breakpoint
CREATE TRIGGER bills_of_lading_status_count_update AFTER UPDATE ON bills_of_lading
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status('bol');
--> statement-breakpoint
CREATE TRIGGER bills_of_lading_status_count_delete AFTER DELETE ON bills_of_lading
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_by_status('bol');
