CREATE TABLE "payment_customers" (
	"uid" integer NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_uid_provider_pk" PRIMARY KEY("uid","provider")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan_index" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "customer_ref" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renews" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "expiring_notice_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "expired_notice_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_ref_idx" ON "payment_customers" USING btree ("provider","customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_ref_idx" ON "subscriptions" USING btree ("source","provider_ref") WHERE "subscriptions"."provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_purchaser_idx" ON "subscriptions" USING btree ("purchaser");--> statement-breakpoint
CREATE INDEX "subscriptions_ending_idx" ON "subscriptions" USING btree ("expires_at") WHERE "subscriptions"."expires_at" is not null;