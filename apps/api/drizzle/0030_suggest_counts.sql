-- Issue #30.3 / #30.7: suggestions answer from what is kept, not from what is counted per request.
-- 1. Each tag carries the number of visible artworks holding it, kept by the triggers below whichever code path
--    tags, untags, publishes, hides or deletes an artwork (suggestions rank tags by it; counting each candidate's
--    artworks per request read a tag's whole posting list against the visible index).
ALTER TABLE "tags" ADD COLUMN "visible_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE tags t SET visible_count = c.n FROM (
  SELECT at.tag_id, count(*)::int AS n FROM artwork_tags at JOIN artworks a ON a.id = at.artwork_id WHERE a.visible GROUP BY at.tag_id
) c WHERE c.tag_id = t.id;--> statement-breakpoint
CREATE OR REPLACE FUNCTION artwork_tags_count_visible() RETURNS trigger AS $$
BEGIN
  -- An artwork being deleted is already gone here (its tags go by cascade after it): artworks_uncount_tags
  -- took its tags off before, so nothing is taken twice.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE tags SET visible_count = visible_count - 1
      WHERE id = OLD.tag_id AND EXISTS (SELECT 1 FROM artworks a WHERE a.id = OLD.artwork_id AND a.visible);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE tags SET visible_count = visible_count + 1
      WHERE id = NEW.tag_id AND EXISTS (SELECT 1 FROM artworks a WHERE a.id = NEW.artwork_id AND a.visible);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artwork_tags_count_trg AFTER INSERT OR DELETE OR UPDATE OF tag_id, artwork_id ON artwork_tags
  FOR EACH ROW EXECUTE FUNCTION artwork_tags_count_visible();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_count_tags() RETURNS trigger AS $$
BEGIN
  UPDATE tags SET visible_count = visible_count + CASE WHEN NEW.visible THEN 1 ELSE -1 END
    WHERE id IN (SELECT tag_id FROM artwork_tags WHERE artwork_id = NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_tag_count_trg AFTER UPDATE ON artworks FOR EACH ROW
  WHEN (OLD.visible IS DISTINCT FROM NEW.visible)
  EXECUTE FUNCTION artworks_count_tags();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_uncount_tags() RETURNS trigger AS $$
BEGIN
  UPDATE tags SET visible_count = visible_count - 1 WHERE id IN (SELECT tag_id FROM artwork_tags WHERE artwork_id = OLD.id);
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_tag_uncount_trg BEFORE DELETE ON artworks FOR EACH ROW
  WHEN (OLD.visible)
  EXECUTE FUNCTION artworks_uncount_tags();
--> statement-breakpoint
CREATE INDEX "tags_visible_count_idx" ON "tags" USING btree ("visible_count" DESC, "name") WHERE "tags"."visible_count" > 0;--> statement-breakpoint
-- 2. The most-viewed order of visible artworks carries each title, so suggestions walk it index-only, testing titles
--    as they go, and stop at the eighth (a term that many titles hold is found within the first few hundred).
DROP INDEX IF EXISTS "artworks_visible_hit_idx";--> statement-breakpoint
CREATE INDEX "artworks_visible_hit_idx" ON "artworks" USING btree ("hit" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("title") WHERE "artworks"."visible";--> statement-breakpoint
ANALYZE "tags";
