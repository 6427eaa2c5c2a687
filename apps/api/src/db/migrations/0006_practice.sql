CREATE TABLE "drill_hides" (
	"drill_id" integer NOT NULL,
	"uid" integer NOT NULL,
	CONSTRAINT "drill_hides_drill_id_uid_pk" PRIMARY KEY("drill_id","uid")
);
--> statement-breakpoint
CREATE TABLE "drill_org_shares" (
	"drill_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "drill_org_shares_drill_id_org_id_pk" PRIMARY KEY("drill_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "drill_results" (
	"drillresult_id" serial PRIMARY KEY NOT NULL,
	"ced_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"recorded_by" integer,
	"time" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drill_user_shares" (
	"drill_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "drill_user_shares_drill_id_uid_pk" PRIMARY KEY("drill_id","uid")
);
--> statement-breakpoint
CREATE TABLE "drills" (
	"drill_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"folder_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"fields" jsonb NOT NULL,
	"score_field" text,
	"higher_is_better" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_drills" (
	"ced_id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"drill_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folder_org_shares" (
	"folder_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "folder_org_shares_folder_id_org_id_pk" PRIMARY KEY("folder_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "folder_user_shares" (
	"folder_id" integer NOT NULL,
	"uid" integer NOT NULL,
	"permissions" integer NOT NULL,
	CONSTRAINT "folder_user_shares_folder_id_uid_pk" PRIMARY KEY("folder_id","uid")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"folder_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drill_hides" ADD CONSTRAINT "drill_hides_drill_id_drills_drill_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."drills"("drill_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_hides" ADD CONSTRAINT "drill_hides_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_org_shares" ADD CONSTRAINT "drill_org_shares_drill_id_drills_drill_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."drills"("drill_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_org_shares" ADD CONSTRAINT "drill_org_shares_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_results" ADD CONSTRAINT "drill_results_ced_id_event_drills_ced_id_fk" FOREIGN KEY ("ced_id") REFERENCES "public"."event_drills"("ced_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_results" ADD CONSTRAINT "drill_results_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_results" ADD CONSTRAINT "drill_results_recorded_by_users_uid_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_user_shares" ADD CONSTRAINT "drill_user_shares_drill_id_drills_drill_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."drills"("drill_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drill_user_shares" ADD CONSTRAINT "drill_user_shares_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drills" ADD CONSTRAINT "drills_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drills" ADD CONSTRAINT "drills_folder_id_folders_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("folder_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_drills" ADD CONSTRAINT "event_drills_event_id_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_drills" ADD CONSTRAINT "event_drills_drill_id_drills_drill_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."drills"("drill_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_org_shares" ADD CONSTRAINT "folder_org_shares_folder_id_folders_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("folder_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_org_shares" ADD CONSTRAINT "folder_org_shares_org_id_orgs_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("org_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_user_shares" ADD CONSTRAINT "folder_user_shares_folder_id_folders_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("folder_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_user_shares" ADD CONSTRAINT "folder_user_shares_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drill_org_shares_org_idx" ON "drill_org_shares" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "drill_results_ced_idx" ON "drill_results" USING btree ("ced_id");--> statement-breakpoint
CREATE INDEX "drill_results_uid_time_idx" ON "drill_results" USING btree ("uid","time");--> statement-breakpoint
CREATE INDEX "drill_user_shares_uid_idx" ON "drill_user_shares" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "drills_uid_idx" ON "drills" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "drills_folder_idx" ON "drills" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "event_drills_event_idx" ON "event_drills" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_drills_drill_idx" ON "event_drills" USING btree ("drill_id");--> statement-breakpoint
CREATE INDEX "folder_org_shares_org_idx" ON "folder_org_shares" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "folder_user_shares_uid_idx" ON "folder_user_shares" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "folders_uid_idx" ON "folders" USING btree ("uid");