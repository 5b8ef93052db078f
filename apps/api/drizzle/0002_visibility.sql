-- DESIGN "Visibility": an artwork is visible to others only when it is published, not a draft,
-- and its author is premium. Kept in artworks.visible by triggers so every query and partial index
-- can rely on it, whichever code path changed the artwork or the author.
CREATE OR REPLACE FUNCTION artworks_set_visible() RETURNS trigger AS $$
BEGIN
  NEW.visible := NEW.published AND NOT NEW.draft
    AND COALESCE((SELECT is_premium FROM users WHERE id = NEW.author_id), false);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_visible_trg BEFORE INSERT OR UPDATE OF published, draft, author_id ON artworks
  FOR EACH ROW EXECUTE FUNCTION artworks_set_visible();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_sync_artwork_visibility() RETURNS trigger AS $$
BEGIN
  IF NEW.is_premium IS DISTINCT FROM OLD.is_premium THEN
    UPDATE artworks SET visible = published AND NOT draft AND NEW.is_premium WHERE author_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_premium_trg AFTER UPDATE OF is_premium ON users
  FOR EACH ROW EXECUTE FUNCTION users_sync_artwork_visibility();
