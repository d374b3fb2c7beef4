CREATE TABLE "tnt_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tnt_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"code" text NOT NULL,
	"classifier" text NOT NULL,
	"event_date_time" timestamp with time zone NOT NULL,
	"event_created_date_time" timestamp with time zone NOT NULL,
	"plan_key" text NOT NULL,
	"owner" uuid NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"equipment_reference" text,
	"source" text NOT NULL,
	"created_by" uuid,
	"remark" text DEFAULT '' NOT NULL,
	"superseded_by" uuid,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills_of_lading" ADD COLUMN "on_board_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tnt_events" ADD CONSTRAINT "tnt_events_plan_key_osb_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."osb_plans"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tnt_events" ADD CONSTRAINT "tnt_events_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tnt_events" ADD CONSTRAINT "tnt_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tnt_events_event_id_key" ON "tnt_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "tnt_events_owner_seq_idx" ON "tnt_events" USING btree ("owner","seq");--> statement-breakpoint
CREATE INDEX "tnt_events_plan_seq_idx" ON "tnt_events" USING btree ("plan_key","seq");--> statement-breakpoint
CREATE INDEX "tnt_events_equipment_seq_idx" ON "tnt_events" USING btree ("equipment_reference","seq");--> statement-breakpoint
CREATE INDEX "tnt_events_created_seq_idx" ON "tnt_events" USING btree ("event_created_date_time","seq");--> statement-breakpoint
CREATE INDEX "tnt_events_planned_departures_idx" ON "tnt_events" USING btree ("event_date_time") WHERE event_type = 'TRANSPORT' and code = 'DEPA' and superseded_by is null;