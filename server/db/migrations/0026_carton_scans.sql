CREATE TABLE "carton_scans" (
	"place" text NOT NULL,
	"serial" bigint NOT NULL,
	"sscc" text NOT NULL,
	"line_key" text NOT NULL,
	"carton_no" integer NOT NULL,
	"scanned_by" uuid NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carton_scans_place_serial_pk" PRIMARY KEY("place","serial")
);
--> statement-breakpoint
ALTER TABLE "osb_containers" ADD COLUMN "cartons_scanned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loose_bookings" ADD COLUMN "cartons_scanned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "carton_scans_line_idx" ON "carton_scans" USING btree ("place","line_key","carton_no");