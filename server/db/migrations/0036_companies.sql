CREATE SEQUENCE "public"."company_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "companies" (
	"key" text PRIMARY KEY DEFAULT 'CO' || lpad(nextval('company_key_seq')::text, 8, '0') NOT NULL,
	"name" text NOT NULL,
	"short_code" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bulk_lines_owner_created_idx";--> statement-breakpoint
DROP INDEX "bulk_lines_shipping_owner_created_idx";--> statement-breakpoint
DROP INDEX "bulk_lines_owner_po_prefix_idx";--> statement-breakpoint
DROP INDEX "bulk_lines_owner_odg_prefix_idx";--> statement-breakpoint
DROP INDEX "inspections_owner_result_at_idx";--> statement-breakpoint
DROP INDEX "osb_plans_owner_created_idx";--> statement-breakpoint
DROP INDEX "osb_plans_owner_status_idx";--> statement-breakpoint
DROP INDEX "osb_plans_owner_etd_idx";--> statement-breakpoint
DROP INDEX "bills_of_lading_owner_created_idx";--> statement-breakpoint
DROP INDEX "bills_of_lading_owner_status_idx";--> statement-breakpoint
DROP INDEX "bills_of_lading_owner_bol_no_prefix_idx";--> statement-breakpoint
DROP INDEX "loose_bookings_owner_created_idx";--> statement-breakpoint
DROP INDEX "tnt_events_owner_seq_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "osb_changes" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "osb_containers" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "osb_orders" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "osb_plans" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "loose_bookings" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "tnt_events" ADD COLUMN "owner_company" text;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "owner_company" text;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_short_code_key" ON "companies" USING btree ("short_code");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_key_companies_key_fk" FOREIGN KEY ("company_key") REFERENCES "public"."companies"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_key");--> statement-breakpoint
CREATE INDEX "bulk_lines_company_created_idx" ON "bulk_lines" USING btree ("owner_company","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bulk_lines_shipping_company_created_idx" ON "bulk_lines" USING btree ("owner_company","created_at" DESC NULLS FIRST,"key") WHERE status in ('allocated', 'shipped');--> statement-breakpoint
CREATE INDEX "bulk_lines_company_po_prefix_idx" ON "bulk_lines" USING btree ("owner_company",lower("po_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bulk_lines_company_odg_prefix_idx" ON "bulk_lines" USING btree ("owner_company",lower("odg_item_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "inspections_company_result_at_idx" ON "inspections" USING btree ("owner_company","result","inspected_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_company_created_idx" ON "osb_plans" USING btree ("owner_company","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_company_status_idx" ON "osb_plans" USING btree ("owner_company","status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "osb_plans_company_etd_idx" ON "osb_plans" USING btree ("owner_company","etd","key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_company_created_idx" ON "bills_of_lading" USING btree ("owner_company","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_company_status_idx" ON "bills_of_lading" USING btree ("owner_company","status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bills_of_lading_company_bol_no_prefix_idx" ON "bills_of_lading" USING btree ("owner_company",lower("bol_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "loose_bookings_company_created_idx" ON "loose_bookings" USING btree ("owner_company","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "tnt_events_company_seq_idx" ON "tnt_events" USING btree ("owner_company","seq");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_company_idx" ON "webhook_subscriptions" USING btree ("owner_company");