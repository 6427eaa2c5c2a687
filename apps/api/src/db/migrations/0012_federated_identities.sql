CREATE TABLE "federated_identities" (
	"identity_id" serial PRIMARY KEY NOT NULL,
	"uid" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federated_identities" ADD CONSTRAINT "federated_identities_uid_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_subject_idx" ON "federated_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "federated_identities_uid_provider_idx" ON "federated_identities" USING btree ("uid","provider");