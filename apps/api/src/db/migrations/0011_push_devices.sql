CREATE TABLE "push_deliveries" (
	"delivery_id" serial PRIMARY KEY NOT NULL,
	"notify_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
-- Notifications that exist already were never meant to be pushed ('skipped'); new ones wait for the push pump ('pending').
ALTER TABLE "notifications" ADD COLUMN "push_state" text DEFAULT 'skipped' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "push_state" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "platform" text DEFAULT 'android' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "web_p256dh" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "web_auth" text;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notify_id_notifications_notify_id_fk" FOREIGN KEY ("notify_id") REFERENCES "public"."notifications"("notify_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_device_id_devices_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("device_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_deliveries_notify_device_idx" ON "push_deliveries" USING btree ("notify_id","device_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_device_idx" ON "push_deliveries" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "notifications_push_queue_idx" ON "notifications" USING btree ("notify_id") WHERE "notifications"."push_state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "devices_uid_idx" ON "devices" USING btree ("uid");