CREATE SEQUENCE "public"."inspection_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "detector_calibrations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "detector_calibrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"detector_id" text NOT NULL,
	"sensitivity_fe_mm" double precision NOT NULL,
	"calibrated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"calibrated_by" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"key" text PRIMARY KEY DEFAULT 'NI' || lpad(nextval('inspection_key_seq')::text, 8, '0') NOT NULL,
	"po_no" text NOT NULL,
	"line_keys" text[] NOT NULL,
	"lines" jsonb NOT NULL,
	"lot_qty" integer NOT NULL,
	"mode" text NOT NULL,
	"sample_size" integer NOT NULL,
	"detector_id" text NOT NULL,
	"sensitivity_fe_mm" double precision NOT NULL,
	"calibrated_at" timestamp with time zone NOT NULL,
	"inspected_qty" integer NOT NULL,
	"passed_qty" integer NOT NULL,
	"alarm_qty" integer NOT NULL,
	"fragments" jsonb NOT NULL,
	"result" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"owner" uuid NOT NULL,
	"inspector" uuid NOT NULL,
	"inspected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "detector_calibrations" ADD CONSTRAINT "detector_calibrations_calibrated_by_users_id_fk" FOREIGN KEY ("calibrated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspector_users_id_fk" FOREIGN KEY ("inspector") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "detector_calibrations_detector_at_idx" ON "detector_calibrations" USING btree ("detector_id","calibrated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inspections_result_at_idx" ON "inspections" USING btree ("result","inspected_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "inspections_owner_result_at_idx" ON "inspections" USING btree ("owner","result","inspected_at" DESC NULLS FIRST,"key");--> statement-breakpoint
CREATE INDEX "inspections_line_keys_idx" ON "inspections" USING gin ("line_keys");--> statement-breakpoint
CREATE INDEX "inspections_po_prefix_idx" ON "inspections" USING btree (lower("po_no") text_pattern_ops);