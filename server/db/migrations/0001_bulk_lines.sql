CREATE SEQUENCE "public"."bulk_line_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bulk_line_counts" (
	"owner" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "bulk_line_counts_owner_type_status_pk" PRIMARY KEY("owner","type","status")
);
--> statement-breakpoint
CREATE TABLE "bulk_lines" (
	"key" text PRIMARY KEY DEFAULT 'BD' || lpad(nextval('bulk_line_key_seq')::text, 8, '0') NOT NULL,
	"type" text NOT NULL,
	"odg_item_no" text NOT NULL,
	"po_no" text NOT NULL,
	"style_no" text NOT NULL,
	"colour" text NOT NULL,
	"factory_code" text NOT NULL,
	"size_group" text NOT NULL,
	"size_breakdown" jsonb NOT NULL,
	"pack_type" text NOT NULL,
	"carton_from" integer NOT NULL,
	"carton_to" integer NOT NULL,
	"carton_count" integer NOT NULL,
	"qty_per_carton" integer NOT NULL,
	"total_qty" integer NOT NULL,
	"nw_per_ctn" double precision NOT NULL,
	"gw_per_ctn" double precision NOT NULL,
	"total_nw" double precision NOT NULL,
	"total_gw" double precision NOT NULL,
	"ctn_l" double precision NOT NULL,
	"ctn_w" double precision NOT NULL,
	"ctn_h" double precision NOT NULL,
	"cbm" double precision NOT NULL,
	"destination" text NOT NULL,
	"ex_factory_date" date NOT NULL,
	"status" text DEFAULT 'pendingInspection' NOT NULL,
	"inspection_result" text,
	"plan_key" text,
	"container_key" text,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "factories" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gbs_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"odg_item_no" text NOT NULL,
	"po_no" text NOT NULL,
	"style_no" text NOT NULL,
	"colour" text NOT NULL,
	"buyer" text NOT NULL,
	"destination" text NOT NULL,
	"order_qty" integer NOT NULL,
	"size_group" text NOT NULL,
	"ex_factory_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "size_groups" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sizes" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "related_keys" text[];--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_factory_code_factories_code_fk" FOREIGN KEY ("factory_code") REFERENCES "public"."factories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_size_group_size_groups_code_fk" FOREIGN KEY ("size_group") REFERENCES "public"."size_groups"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_lines_owner_created_idx" ON "bulk_lines" USING btree ("owner","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bulk_lines_created_idx" ON "bulk_lines" USING btree ("created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bulk_lines_shipping_owner_created_idx" ON "bulk_lines" USING btree ("owner","created_at" DESC NULLS FIRST,"key") WHERE status in ('allocated', 'shipped');--> statement-breakpoint
CREATE INDEX "bulk_lines_shipping_created_idx" ON "bulk_lines" USING btree ("created_at" DESC NULLS FIRST,"key") WHERE status in ('allocated', 'shipped');--> statement-breakpoint
CREATE INDEX "bulk_lines_status_created_idx" ON "bulk_lines" USING btree ("status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bulk_lines_po_cartons_idx" ON "bulk_lines" USING btree ("po_no","carton_from");--> statement-breakpoint
CREATE INDEX "bulk_lines_po_prefix_idx" ON "bulk_lines" USING btree (lower("po_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bulk_lines_style_prefix_idx" ON "bulk_lines" USING btree (lower("style_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bulk_lines_ex_factory_idx" ON "bulk_lines" USING btree ("ex_factory_date");--> statement-breakpoint
CREATE INDEX "gbs_orders_odg_item_no_prefix_idx" ON "gbs_orders" USING btree (lower("odg_item_no") text_pattern_ops,"po_no");