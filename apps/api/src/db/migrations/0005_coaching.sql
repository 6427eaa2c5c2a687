CREATE TABLE "media" (
	"media_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_invites" (
	"invite_id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_tokens" (
	"uid" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "notify" jsonb;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "team_group" jsonb;--> statement-breakpoint
ALTER TABLE "org_members" ADD COLUMN "seat" text;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_state" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "org_invites" ADD CONSTRAINT "org_invites_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_tokens" ADD CONSTRAINT "mail_tokens_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "org_invites_email_idx" ON "org_invites" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "org_invites_org_idx" ON "org_invites" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "org_invites_open_idx" ON "org_invites" USING btree ("org_id","email") WHERE "org_invites"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "orgs_sub_id_idx" ON "orgs" USING btree ("sub_id") WHERE "orgs"."sub_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_email_queue_idx" ON "notifications" USING btree ("notify_id") WHERE "notifications"."email_state" in ('pending', 'sending');--> statement-breakpoint
-- Notifications from before e-mail copies existed are not mailed now.
UPDATE "notifications" SET "email_state" = 'skipped';
