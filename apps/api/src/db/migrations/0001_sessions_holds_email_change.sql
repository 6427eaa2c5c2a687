CREATE TABLE "rate_limit_holds" (
	"hold_id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
UPDATE "tokens" SET "last_used_at" = "created_at" WHERE "last_used_at" IS NULL;--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "last_used_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "last_used_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "codes" ADD COLUMN "target_email" text;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "rate_limit_holds_key_idx" ON "rate_limit_holds" USING btree ("key");