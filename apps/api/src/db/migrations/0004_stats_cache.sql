CREATE TABLE "stats_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats_epoch" (
	"shard" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stats_cache_created_at_idx" ON "stats_cache" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "stats_epoch" ("shard", "n") SELECT s, 0 FROM generate_series(0, 63) AS s;
--> statement-breakpoint
CREATE FUNCTION "stats_epoch_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stats_epoch" SET "n" = "n" + 1 WHERE "shard" = (txid_current() % 64)::int;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_events" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "events" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_rounds" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rounds" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_event_user_shares" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_user_shares" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_event_org_shares" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_org_shares" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_event_hides" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_hides" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_event_tags" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "event_tags" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_tag_user_shares" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tag_user_shares" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_tag_org_shares" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tag_org_shares" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_org_members" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "org_members" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
--> statement-breakpoint
CREATE TRIGGER "stats_epoch_settings" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "stats_epoch_bump"();
