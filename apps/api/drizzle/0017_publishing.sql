-- Issue #34 (1-3): scheduled publishing, link-only projects and review links.
-- (1) publish_at: a draft waiting for its time; the `artworks.publish` job publishes it once at that time.
ALTER TABLE "artworks" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
-- (2) unlisted: a published project anyone with its URL may see (`reachable`) but that no list, feed, sitemap or
-- search shows (`visible` stays the listing rule, so every partial index and copied `visible` follows it).
ALTER TABLE "artworks" ADD COLUMN "unlisted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "reachable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "artworks" SET "reachable" = "visible";--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_set_visible() RETURNS trigger AS $$
BEGIN
  NEW.reachable := NEW.published AND NOT NEW.draft
    AND COALESCE((SELECT is_premium FROM users WHERE id = NEW.author_id), false);
  NEW.visible := NEW.reachable AND NOT NEW.unlisted;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "artworks_visible_trg" ON "artworks";--> statement-breakpoint
CREATE TRIGGER artworks_visible_trg BEFORE INSERT OR UPDATE OF published, draft, author_id, unlisted ON artworks
  FOR EACH ROW EXECUTE FUNCTION artworks_set_visible();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_sync_artwork_visibility() RETURNS trigger AS $$
BEGIN
  IF NEW.is_premium IS DISTINCT FROM OLD.is_premium THEN
    UPDATE artworks SET reachable = published AND NOT draft AND NEW.is_premium,
      visible = published AND NOT draft AND NEW.is_premium AND NOT unlisted
      WHERE author_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- (3) review links: a secret URL that shows one draft or private project read-only until it expires or is revoked.
CREATE TABLE "review_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"artwork_id" integer NOT NULL REFERENCES "artworks"("id") ON DELETE CASCADE,
	"token" varchar(64) NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"revoked" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_links_token_unique" UNIQUE("token")
);--> statement-breakpoint
CREATE INDEX "review_links_artwork_idx" ON "review_links" USING btree ("artwork_id","id");
