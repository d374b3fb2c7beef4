CREATE SEQUENCE "public"."declaration_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "customs_declarations" (
	"key" text PRIMARY KEY DEFAULT 'CD' || lpad(nextval('declaration_key_seq')::text, 8, '0') NOT NULL,
	"order_key" text NOT NULL,
	"plan_key" text NOT NULL,
	"carrier_booking_no" text NOT NULL,
	"documents" jsonb NOT NULL,
	"contract_no" text DEFAULT '' NOT NULL,
	"invoice_no" text DEFAULT '' NOT NULL,
	"trade_term" text NOT NULL,
	"currency" text NOT NULL,
	"broker" text DEFAULT '' NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text NOT NULL,
	"handed_at" timestamp with time zone,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_order_key_osb_orders_key_fk" FOREIGN KEY ("order_key") REFERENCES "public"."osb_orders"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_declarations" ADD CONSTRAINT "customs_declarations_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customs_declarations_order_idx" ON "customs_declarations" USING btree ("order_key");--> statement-breakpoint
CREATE INDEX "customs_declarations_created_idx" ON "customs_declarations" USING btree ("created_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "customs_declarations_status_idx" ON "customs_declarations" USING btree ("status","created_at" DESC NULLS FIRST,"key");