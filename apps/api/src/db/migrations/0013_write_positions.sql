CREATE TABLE "write_positions" (
	"uid" integer PRIMARY KEY NOT NULL,
	"lsn" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "write_positions" ADD CONSTRAINT "write_positions_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;