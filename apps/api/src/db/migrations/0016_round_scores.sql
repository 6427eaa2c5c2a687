CREATE TABLE "round_scores" (
	"event_id" integer NOT NULL,
	"benchmark" text NOT NULL,
	"definitions" text NOT NULL,
	"holes" integer NOT NULL,
	"score" integer NOT NULL,
	"sg" double precision[] NOT NULL,
	CONSTRAINT "round_scores_event_id_benchmark_pk" PRIMARY KEY("event_id","benchmark")
);
--> statement-breakpoint
ALTER TABLE "round_scores" ADD CONSTRAINT "round_scores_event_id_rounds_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."rounds"("event_id") ON DELETE cascade ON UPDATE no action;