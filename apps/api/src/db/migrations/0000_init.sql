CREATE TABLE "users" (
	"uid" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"level" text,
	"benchmark" text DEFAULT 'NINETY' NOT NULL,
	"is_coach" boolean DEFAULT false NOT NULL,
	"sub_id" integer,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codes" (
	"code_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"token_id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"uid" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"uid" integer PRIMARY KEY NOT NULL,
	"theme" integer,
	"units" text,
	"usershares" jsonb,
	"orgshares" jsonb
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"sub_id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"has_branding" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"purchaser" integer NOT NULL,
	"source" text DEFAULT 'OTHER' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_members" (
	"org_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"is_coach" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_members_org_id_uid_pk" PRIMARY KEY("org_id","uid")
);
--> statement-breakpoint
CREATE TABLE "orgs" (
	"org_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"media_id" integer,
	"sub_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"notify_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"nav_loc" text DEFAULT 'notifications' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"device_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sub_id_subscriptions_sub_id_fk" FOREIGN KEY ("sub_id") REFERENCES "public"."subscriptions"("sub_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_members" ADD CONSTRAINT "org_members_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_sub_id_subscriptions_sub_id_fk" FOREIGN KEY ("sub_id") REFERENCES "public"."subscriptions"("sub_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "codes_uid_purpose_idx" ON "codes" USING btree ("uid","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_key_window_idx" ON "rate_limits" USING btree ("key","window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "tokens_hash_idx" ON "tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tokens_uid_idx" ON "tokens" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "org_members_uid_idx" ON "org_members" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "notifications_uid_idx" ON "notifications" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_push_token_idx" ON "devices" USING btree ("push_token");