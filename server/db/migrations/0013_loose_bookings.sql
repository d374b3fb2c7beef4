CREATE SEQUENCE "public"."loose_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "loose_bookings" (
	"key" text PRIMARY KEY DEFAULT 'LB' || lpad(nextval('loose_key_seq')::text, 8, '0') NOT NULL,
	"destination" text NOT NULL,
	"forwarder" text NOT NULL,
	"cfs_cut_off" date NOT NULL,
	"warehouse_entry_no" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"line_count" integer NOT NULL,
	"carton_count" integer NOT NULL,
	"total_qty" integer NOT NULL,
	"total_gw" double precision NOT NULL,
	"cbm" double precision NOT NULL,
	"status" text NOT NULL,
	"documents" jsonb NOT NULL,
	"cartons_handed_over" integer,
	"difference_note" text DEFAULT '' NOT NULL,
	"handed_by" text DEFAULT '' NOT NULL,
	"handed_at" timestamp with time zone,
	"needle_checked_by" uuid,
	"needle_checked_at" timestamp with time zone,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loose_bookings" ADD CONSTRAINT "loose_bookings_needle_checked_by_users_id_fk" FOREIGN KEY ("needle_checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loose_bookings" ADD CONSTRAINT "loose_bookings_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loose_bookings_owner_created_idx" ON "loose_bookings" USING btree ("owner","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "loose_bookings_created_idx" ON "loose_bookings" USING btree ("created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "loose_bookings_status_idx" ON "loose_bookings" USING btree ("status","created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "bulk_lines_plan_idx" ON "bulk_lines" USING btree ("plan_key") WHERE plan_key is not null;