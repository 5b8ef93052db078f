-- Issue #5: the gallery searches titles among visible artworks only (an author's own hidden work
-- is found through the author index), so the title's trigram index holds visible rows alone: a
-- search fetches and rechecks only rows it may list. Written through (no pending list), like 0003.
DROP INDEX "artworks_title_trgm";--> statement-breakpoint
CREATE INDEX "artworks_visible_title_trgm" ON "artworks" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false) WHERE "artworks"."visible";
