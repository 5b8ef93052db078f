-- Issue #30.7: a search reads a narrow table, not the artworks. Every visible artwork has one entry here, kept by the
-- triggers below whichever code path publishes, hides, retitles, retags or re-authors it (or renames its tags or its
-- author): its created time and its searched texts as one haystack (title, tag names, author name and username, one
-- per line; a searched word never holds white space, and the grams of search_grams never span it, so no word is
-- found across two texts). A broad term's first look read 2,001 rows of the wide artworks table through three gram
-- indexes (70-100 ms at 100,000 artworks), and its walk probed each artwork's tags and author by key; here both read
-- entries of about a hundred bytes through one gram index and one recency index.
CREATE TABLE "artwork_search" (
	"artwork_id" integer PRIMARY KEY NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"haystack" text NOT NULL,
	CONSTRAINT "artwork_search_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
-- PL/pgSQL, whose plans a session keeps: a SQL function that is not inlined is planned on every call (0.45 ms).
CREATE FUNCTION artwork_search_text(aid integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT a.title || E'\n'
    || coalesce((SELECT string_agg(t.name, E'\n' ORDER BY t.name) FROM artwork_tags x JOIN tags t ON t.id = x.tag_id WHERE x.artwork_id = a.id), '')
    || E'\n' || coalesce((SELECT u.name || ' ' || u.username FROM users u WHERE u.id = a.author_id), '')
  FROM artworks a WHERE a.id = aid);
END;
$$;--> statement-breakpoint
-- The entries of these artworks as they are now: written for the visible ones (only when something changed, so an
-- unchanged entry costs no index upkeep), taken away for the others.
CREATE FUNCTION artwork_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  DELETE FROM artwork_search s WHERE s.artwork_id = ANY (ids)
    AND NOT EXISTS (SELECT 1 FROM artworks a WHERE a.id = s.artwork_id AND a.visible);
  INSERT INTO artwork_search (artwork_id, created, haystack)
    SELECT a.id, a.created, artwork_search_text(a.id) FROM artworks a WHERE a.id = ANY (ids) AND a.visible
  ON CONFLICT (artwork_id) DO UPDATE SET created = EXCLUDED.created, haystack = EXCLUDED.haystack
    WHERE artwork_search.created IS DISTINCT FROM EXCLUDED.created OR artwork_search.haystack IS DISTINCT FROM EXCLUDED.haystack;
END;
$$;--> statement-breakpoint
CREATE FUNCTION artworks_search_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artwork_search_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER artworks_search_insert_trg AFTER INSERT ON artworks FOR EACH ROW WHEN (NEW.visible)
  EXECUTE FUNCTION artworks_search_entry();--> statement-breakpoint
-- No column list: visible also changes through artworks_set_visible (a BEFORE trigger) and the author's premium flag.
CREATE TRIGGER artworks_search_update_trg AFTER UPDATE ON artworks FOR EACH ROW
  WHEN (OLD.visible IS DISTINCT FROM NEW.visible OR (NEW.visible AND (OLD.title IS DISTINCT FROM NEW.title
    OR OLD.author_id IS DISTINCT FROM NEW.author_id OR OLD.created IS DISTINCT FROM NEW.created)))
  EXECUTE FUNCTION artworks_search_entry();--> statement-breakpoint
-- Per statement: an editor's save replaces an artwork's tags in one statement each way, refreshed once.
CREATE FUNCTION artwork_tags_search_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM artwork_search_refresh(ARRAY(SELECT DISTINCT artwork_id FROM old_rows));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM artwork_search_refresh(ARRAY(SELECT DISTINCT artwork_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER artwork_tags_search_insert_trg AFTER INSERT ON artwork_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION artwork_tags_search_entries();--> statement-breakpoint
CREATE TRIGGER artwork_tags_search_delete_trg AFTER DELETE ON artwork_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION artwork_tags_search_entries();--> statement-breakpoint
CREATE TRIGGER artwork_tags_search_update_trg AFTER UPDATE ON artwork_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION artwork_tags_search_entries();--> statement-breakpoint
CREATE FUNCTION tags_search_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artwork_search_refresh(ARRAY(SELECT artwork_id FROM artwork_tags WHERE tag_id = NEW.id));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tags_search_trg AFTER UPDATE OF name ON tags FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION tags_search_entries();--> statement-breakpoint
CREATE FUNCTION users_search_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM artwork_search_refresh(ARRAY(SELECT id FROM artworks WHERE author_id = NEW.id AND visible));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_search_trg AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION users_search_entries();--> statement-breakpoint
INSERT INTO artwork_search (artwork_id, created, haystack)
  SELECT a.id, a.created, artwork_search_text(a.id) FROM artworks a WHERE a.visible;--> statement-breakpoint
CREATE INDEX "artwork_search_recent_idx" ON "artwork_search" USING btree ("created" DESC NULLS FIRST,"artwork_id" DESC NULLS FIRST);--> statement-breakpoint
-- With a small pending list, unlike the title's index: an entry's grams (about 25 keys, the author's on every one of
-- their works) cost 1.5 ms to merge one by one into the posting trees, 0.15 ms to append to the pending list, which
-- a search then also reads (at most 256 kB: a few thousand entries) and the writer that fills it merges at once.
CREATE INDEX "artwork_search_grams" ON "artwork_search" USING gin (search_grams("haystack")) WITH (fastupdate=true, gin_pending_list_limit=256);--> statement-breakpoint
ANALYZE "artwork_search";
