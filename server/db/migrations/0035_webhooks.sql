CREATE SEQUENCE "public"."webhook_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_key" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"key" text PRIMARY KEY DEFAULT 'WH' || lpad(nextval('webhook_key_seq')::text, 8, '0') NOT NULL,
	"name" text NOT NULL,
	"callback_url" text NOT NULL,
	"secret" text NOT NULL,
	"event_types" text[] NOT NULL,
	"plan_keys" text[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"owner" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_key_webhook_subscriptions_key_fk" FOREIGN KEY ("subscription_key") REFERENCES "public"."webhook_subscriptions"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_owner_users_id_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("subscription_key","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_page_idx" ON "webhook_deliveries" USING btree ("subscription_key","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_owner_idx" ON "webhook_subscriptions" USING btree ("owner");