-- Accounts that exist already have set up (false); registration sets it true until Set up is saved or skipped.
ALTER TABLE "users" ADD COLUMN "setup_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_ticket_hash" text;
