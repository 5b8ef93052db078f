-- Issue #18: artists' rights and being found.
-- AI-training opt-out: on by default for every account; an artwork may override its author's choice (null: follow it).
ALTER TABLE "users" ADD COLUMN "ai_opt_out" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "ai_opt_out" boolean;--> statement-breakpoint
-- Alt text of the images an artist adds (content images keep theirs in the HTML's alt attribute).
ALTER TABLE "artworks" ADD COLUMN "cover_alt" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "alt_reminded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_alt" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banner_alt" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
-- The licence as one code (null until chosen), so the gallery's licence filter reads one partial index like a category's.
ALTER TABLE "artworks" ADD COLUMN "licence" varchar(8) GENERATED ALWAYS AS (
  CASE
    WHEN NOT "licence_chosen" THEN NULL
    WHEN "non_commercial" AND "no_derivative_works" THEN 'by-nc-nd'
    WHEN "non_commercial" AND "share_alike" THEN 'by-nc-sa'
    WHEN "non_commercial" THEN 'by-nc'
    WHEN "no_derivative_works" THEN 'by-nd'
    WHEN "share_alike" THEN 'by-sa'
    ELSE 'by'
  END) STORED;--> statement-breakpoint
CREATE INDEX "artworks_visible_licence_idx" ON "artworks" USING btree ("licence","created" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "artworks"."visible";--> statement-breakpoint
-- Sitemaps and feeds page through visible artworks by id.
CREATE INDEX "artworks_visible_id_idx" ON "artworks" USING btree ("id") WHERE "artworks"."visible";--> statement-breakpoint
-- Palette of each cover: five colours in CIELAB with their share; `cell` is the quantised Lab cell the search reads.
CREATE TABLE "artwork_palettes" (
	"artwork_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"l" real NOT NULL,
	"a" real NOT NULL,
	"b" real NOT NULL,
	"share" real NOT NULL,
	"cell" integer NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_palettes_artwork_id_position_pk" PRIMARY KEY("artwork_id","position")
);
--> statement-breakpoint
ALTER TABLE "artwork_palettes" ADD CONSTRAINT "artwork_palettes_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_palettes_visible_cell_idx" ON "artwork_palettes" USING btree ("cell","artwork_id") INCLUDE ("l","a","b","share") WHERE "artwork_palettes"."visible";--> statement-breakpoint
CREATE OR REPLACE FUNCTION artwork_palettes_copy_visible() RETURNS trigger AS $$
BEGIN
  SELECT a.visible, a.created INTO NEW.visible, NEW.created FROM artworks a WHERE a.id = NEW.artwork_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artwork_palettes_visible_trg BEFORE INSERT OR UPDATE OF artwork_id ON artwork_palettes
  FOR EACH ROW EXECUTE FUNCTION artwork_palettes_copy_visible();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_sync_palette_visible() RETURNS trigger AS $$
BEGIN
  UPDATE artwork_palettes SET visible = NEW.visible, created = NEW.created WHERE artwork_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER artworks_palette_visible_trg AFTER UPDATE ON artworks FOR EACH ROW
  WHEN (OLD.visible IS DISTINCT FROM NEW.visible OR OLD.created IS DISTINCT FROM NEW.created)
  EXECUTE FUNCTION artworks_sync_palette_visible();
--> statement-breakpoint
-- "Download my data": one export at a time per user (a second request while one is queued or running is refused).
CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(8) DEFAULT 'queued' NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone,
	CONSTRAINT "data_exports_status_choice" CHECK ("data_exports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_running_uq" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" in ('queued', 'running');
