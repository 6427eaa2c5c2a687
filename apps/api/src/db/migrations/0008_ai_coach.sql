CREATE TABLE "ai_template_drills" (
	"uid" integer NOT NULL,
	"template_key" text NOT NULL,
	"drill_id" integer NOT NULL,
	CONSTRAINT "ai_template_drills_uid_template_key_pk" PRIMARY KEY("uid","template_key")
);
--> statement-breakpoint
CREATE TABLE "diagnoses" (
	"diagnosis_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"benchmark" text NOT NULL,
	"benchmark_label" text NOT NULL,
	"benchmark_ref" jsonb NOT NULL,
	"boundaries" jsonb,
	"round_ids" integer[] NOT NULL,
	"rounds_fingerprint" text NOT NULL,
	"rounds" integer NOT NULL,
	"holes" integer NOT NULL,
	"confidence" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"findings" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"narrative" text NOT NULL,
	"narrative_source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_template_drills" ADD CONSTRAINT "ai_template_drills_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_template_drills" ADD CONSTRAINT "ai_template_drills_drill_id_drills_drill_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."drills"("drill_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_template_drills_drill_idx" ON "ai_template_drills" USING btree ("drill_id");--> statement-breakpoint
CREATE INDEX "diagnoses_uid_idx" ON "diagnoses" USING btree ("uid","created_at");