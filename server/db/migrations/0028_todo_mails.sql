CREATE TABLE "mail_unsubscribes" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "todo_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notice_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_preferences" jsonb DEFAULT '{"todos":{},"delivery":"each","digestMinutes":60}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_unsubscribes" ADD CONSTRAINT "mail_unsubscribes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_mails" ADD CONSTRAINT "todo_mails_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todo_mails" ADD CONSTRAINT "todo_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_unsubscribes_created_idx" ON "mail_unsubscribes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "todo_mails_waiting_idx" ON "todo_mails" USING btree ("notice_id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "todo_mails_queue_idx" ON "todo_mails" USING btree ("user_id","queued_at") WHERE status = 'queued';