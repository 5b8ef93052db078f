-- Issue #5: a category's gallery page from one ordered index. Each artwork_categories row carries
-- copies of its artwork's visible, created and hit (kept by the triggers below, whichever code path
-- changes the artwork), so "category X, newest/most viewed first, page 50" reads the category's
-- own partial index instead of walking every visible artwork and probing its categories.
ALTER TABLE "artwork_categories" ADD COLUMN "visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "artwork_categories" ADD COLUMN "created" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "artwork_categories" ADD COLUMN "hit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE artwork_categories ac SET visible = a.visible, created = a.created, hit = a.hit FROM artworks a WHERE a.id = ac.artwork_id;--> statement-breakpoint
CREATE INDEX "artwork_categories_visible_recent_idx" ON "artwork_categories" USING btree ("category_id","created" DESC NULLS FIRST,"artwork_id" DESC NULLS FIRST) WHERE "artwork_categories"."visible";--> statement-breakpoint
CREATE INDEX "artwork_categories_visible_hit_idx" ON "artwork_categories" USING btree ("category_id","hit" DESC NULLS FIRST,"artwork_id" DESC NULLS FIRST) WHERE "artwork_categories"."visible";--> statement-breakpoint
CREATE OR REPLACE FUNCTION artwork_categories_copy_order() RETURNS trigger AS $$
BEGIN
  SELECT a.visible, a.created, a.hit INTO NEW.visible, NEW.created, NEW.hit FROM artworks a WHERE a.id = NEW.artwork_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artwork_categories_order_trg BEFORE INSERT OR UPDATE OF artwork_id ON artwork_categories
  FOR EACH ROW EXECUTE FUNCTION artwork_categories_copy_order();
--> statement-breakpoint
-- No column list: visible also changes through artworks_set_visible (a BEFORE trigger) and the
-- author's premium flag, which a column-specific trigger would not see.
CREATE OR REPLACE FUNCTION artworks_sync_category_order() RETURNS trigger AS $$
BEGIN
  UPDATE artwork_categories SET visible = NEW.visible, created = NEW.created, hit = NEW.hit WHERE artwork_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_category_order_trg AFTER UPDATE ON artworks FOR EACH ROW
  WHEN (OLD.visible IS DISTINCT FROM NEW.visible OR OLD.created IS DISTINCT FROM NEW.created OR OLD.hit IS DISTINCT FROM NEW.hit)
  EXECUTE FUNCTION artworks_sync_category_order();
--> statement-breakpoint
-- Search reads the trigram indexes on every query: without a pending list (fastupdate) a search
-- never scans unmerged entries, whose length otherwise depends on when vacuum last ran.
ALTER INDEX "artworks_title_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "tags_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_name_trgm" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_username_trgm" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass) FROM unnest(ARRAY['artworks_title_trgm', 'tags_name_trgm', 'users_name_trgm', 'users_username_trgm']) AS i;--> statement-breakpoint
ANALYZE "artwork_categories";
