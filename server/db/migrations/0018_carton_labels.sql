CREATE SEQUENCE "public"."sscc_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "carton_labels" (
	"owner" uuid NOT NULL,
	"po_no" text NOT NULL,
	"carton_no" integer NOT NULL,
	"serial" bigint DEFAULT nextval('sscc_serial_seq') NOT NULL,
	CONSTRAINT "carton_labels_owner_po_no_carton_no_pk" PRIMARY KEY("owner","po_no","carton_no")
);
