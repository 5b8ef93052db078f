-- Issue #34 (4): versions. Once an artwork is published, a save that changes its cover, image set or text keeps the
-- state before it here; the author lists them and restores one (which keeps the state it replaces, too).
CREATE TABLE "artwork_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"artwork_id" integer NOT NULL REFERENCES "artworks"("id") ON DELETE CASCADE,
	"version" integer NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"raw_cover" text DEFAULT '' NOT NULL,
	"cropped_cover" text DEFAULT '' NOT NULL,
	"cover_alt" varchar(300) DEFAULT '' NOT NULL,
	"height" integer,
	"width" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_versions_number_unique" UNIQUE("artwork_id","version")
);--> statement-breakpoint
-- The media retainer asks whether a version still names a key (the cover columns; the content by LIKE).
CREATE INDEX "artwork_versions_cover_idx" ON "artwork_versions" USING btree ("cover");--> statement-breakpoint
CREATE INDEX "artwork_versions_raw_cover_idx" ON "artwork_versions" USING btree ("raw_cover");--> statement-breakpoint
CREATE INDEX "artwork_versions_cropped_cover_idx" ON "artwork_versions" USING btree ("cropped_cover");
