-- Issue #17: follows (one row per pair, counts on the user kept by triggers), the Following feed's index, a queued
-- 'publish' fan-out whenever an artwork becomes visible, mail preferences and the daily digest's mark on notices,
-- the page view's referrer host and artwork, and the daily rollups the insights and the staff console read.
CREATE TABLE "follows" (
	"id" serial PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL,
	"artist_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."artist_id")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_artist_id_users_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_pair_uq" ON "follows" USING btree ("follower_id","artist_id");--> statement-breakpoint
CREATE INDEX "follows_artist_idx" ON "follows" USING btree ("artist_id","id");--> statement-breakpoint
CREATE INDEX "follows_created_idx" ON "follows" USING btree ("created");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION follows_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET followers_count = followers_count + 1 WHERE id = NEW.artist_id;
    UPDATE users SET following_count = following_count + 1 WHERE id = NEW.follower_id;
    RETURN NEW;
  END IF;
  UPDATE users SET followers_count = greatest(followers_count - 1, 0) WHERE id = OLD.artist_id;
  UPDATE users SET following_count = greatest(following_count - 1, 0) WHERE id = OLD.follower_id;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER follows_count_trg AFTER INSERT OR DELETE ON follows FOR EACH ROW EXECUTE FUNCTION follows_count();
--> statement-breakpoint
CREATE INDEX "artworks_author_visible_recent_idx" ON "artworks" USING btree ("author_id","created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "artworks"."visible";--> statement-breakpoint
CREATE INDEX "artworks_created_idx" ON "artworks" USING btree ("created");--> statement-breakpoint
CREATE INDEX "collections_created_idx" ON "collections" USING btree ("created");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created");--> statement-breakpoint
CREATE INDEX "artwork_views_day_idx" ON "artwork_views" USING btree ("day");--> statement-breakpoint
-- An artwork that becomes visible (published, or its author became a member) queues one fan-out to its author's
-- followers, in the transaction of the change and once per artwork whichever code path made it visible.
CREATE OR REPLACE FUNCTION artworks_queue_publish() RETURNS trigger AS $$
BEGIN
  INSERT INTO jobs (kind, payload, key) VALUES ('follows.publish', json_build_object('artwork', NEW.id)::jsonb, 'follows.publish:' || NEW.id)
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_publish_insert_trg AFTER INSERT ON artworks FOR EACH ROW WHEN (NEW.visible) EXECUTE FUNCTION artworks_queue_publish();
--> statement-breakpoint
CREATE TRIGGER artworks_publish_update_trg AFTER UPDATE ON artworks FOR EACH ROW WHEN (NEW.visible AND NOT OLD.visible) EXECUTE FUNCTION artworks_queue_publish();
--> statement-breakpoint
CREATE TABLE "notification_mail_off" (
	"user_id" integer NOT NULL,
	"type" varchar(32) NOT NULL,
	CONSTRAINT "notification_mail_off_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
ALTER TABLE "notification_mail_off" ADD CONSTRAINT "notification_mail_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "digested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_undigested_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."digested_at" is null;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "referrer_host" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "page_views" ADD COLUMN "artwork_id" integer;--> statement-breakpoint
CREATE INDEX "page_views_artwork_idx" ON "page_views" USING btree ("artwork_id","created") WHERE "page_views"."artwork_id" is not null;--> statement-breakpoint
CREATE TABLE "artwork_daily_stats" (
	"artwork_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "artwork_daily_stats_artwork_id_day_pk" PRIMARY KEY("artwork_id","day")
);
--> statement-breakpoint
ALTER TABLE "artwork_daily_stats" ADD CONSTRAINT "artwork_daily_stats_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_daily_stats_author_idx" ON "artwork_daily_stats" USING btree ("author_id","day");--> statement-breakpoint
CREATE TABLE "user_daily_stats" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_daily_stats_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "user_daily_stats" ADD CONSTRAINT "user_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "referrer_daily_stats" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"host" varchar(200) NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referrer_daily_stats_user_id_day_host_pk" PRIMARY KEY("user_id","day","host")
);
--> statement-breakpoint
ALTER TABLE "referrer_daily_stats" ADD CONSTRAINT "referrer_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "platform_daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"artworks" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"collects" integer DEFAULT 0 NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL
);
