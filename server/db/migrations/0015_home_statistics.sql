CREATE TABLE "bulk_line_pending_lots" (
	"owner" uuid NOT NULL,
	"po_no" text NOT NULL,
	"lines" bigint NOT NULL,
	CONSTRAINT "bulk_line_pending_lots_owner_po_no_pk" PRIMARY KEY("owner","po_no")
);
--> statement-breakpoint
CREATE TABLE "bulk_line_weeks" (
	"owner" uuid NOT NULL,
	"week" date NOT NULL,
	"lines" bigint NOT NULL,
	"cartons" bigint NOT NULL,
	"cbm" numeric(16, 3) NOT NULL,
	CONSTRAINT "bulk_line_weeks_owner_week_pk" PRIMARY KEY("owner","week")
);
--> statement-breakpoint
CREATE TABLE "inspection_day_counts" (
	"day" date NOT NULL,
	"factory_code" text NOT NULL,
	"inspected" bigint NOT NULL,
	"passed" bigint NOT NULL,
	CONSTRAINT "inspection_day_counts_day_factory_code_pk" PRIMARY KEY("day","factory_code")
);
--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_subject_idx" ON "notices" USING btree ("subject","user_id") WHERE subject is not null;--> statement-breakpoint
CREATE INDEX "osb_orders_si_cutoff_idx" ON "osb_orders" USING btree ("si_cutoff");--> statement-breakpoint
CREATE INDEX "osb_orders_cy_cutoff_idx" ON "osb_orders" USING btree ("cy_cutoff");--> statement-breakpoint
CREATE INDEX "osb_orders_vgm_cutoff_idx" ON "osb_orders" USING btree ("vgm_cutoff");