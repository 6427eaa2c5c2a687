CREATE TABLE "event_hides" (
	"event_id" integer NOT NULL,
	"uid" integer NOT NULL,
	CONSTRAINT "event_hides_event_id_uid_pk" PRIMARY KEY("event_id","uid")
);
--> statement-breakpoint
CREATE TABLE "event_org_shares" (
	"event_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "event_org_shares_event_id_org_id_pk" PRIMARY KEY("event_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "event_tags" (
	"event_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "event_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "event_user_shares" (
	"event_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "event_user_shares_event_id_uid_pk" PRIMARY KEY("event_id","uid")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"event_type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"share" text DEFAULT 'SHARE_SELECTED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"uid" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_uid_key_pk" PRIMARY KEY("uid","key")
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"course" text,
	"tees" text,
	"course_rating" real,
	"slope" real,
	"units" text NOT NULL,
	"holes" jsonb NOT NULL,
	"hole_count" integer NOT NULL,
	"score" integer NOT NULL,
	"par" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_org_shares" (
	"tag_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "tag_org_shares_tag_id_org_id_pk" PRIMARY KEY("tag_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "tag_user_shares" (
	"tag_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "tag_user_shares_tag_id_uid_pk" PRIMARY KEY("tag_id","uid")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tag_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text
);
--> statement-breakpoint
ALTER TABLE "event_hides" ADD CONSTRAINT "event_hides_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_hides" ADD CONSTRAINT "event_hides_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_org_shares" ADD CONSTRAINT "event_org_shares_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_org_shares" ADD CONSTRAINT "event_org_shares_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_tag_id_tags_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_user_shares" ADD CONSTRAINT "event_user_shares_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_user_shares" ADD CONSTRAINT "event_user_shares_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_org_shares" ADD CONSTRAINT "tag_org_shares_tag_id_tags_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_org_shares" ADD CONSTRAINT "tag_org_shares_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_user_shares" ADD CONSTRAINT "tag_user_shares_tag_id_tags_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("tag_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_user_shares" ADD CONSTRAINT "tag_user_shares_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_org_shares_org_idx" ON "event_org_shares" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "event_tags_tag_idx" ON "event_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "event_user_shares_uid_idx" ON "event_user_shares" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "events_uid_start_idx" ON "events" USING btree ("uid","start");--> statement-breakpoint
CREATE INDEX "tag_user_shares_uid_idx" ON "tag_user_shares" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_uid_name_idx" ON "tags" USING btree ("uid",lower("name"));