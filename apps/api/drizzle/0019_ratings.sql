-- Issue #31 (content rating and AI-use labels). `rating` and `ai_use` per artwork; `blurred_cover` is the server's
-- blurred copy of the cover (sharp), the only cover a viewer who has not opted in ever receives for mature work.
ALTER TABLE "artworks" ADD COLUMN "rating" varchar(8) DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "ai_use" varchar(10) DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "blurred_cover" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_rating_choice" CHECK ("rating" in ('general', 'mature'));--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_ai_use_choice" CHECK ("ai_use" in ('none', 'assisted', 'generated'));--> statement-breakpoint
-- The gallery's ?rating=general and ?ai_use=none read their own partial indexes, newest first, like the licence filter.
CREATE INDEX "artworks_visible_general_idx" ON "artworks" USING btree ("created" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE "visible" and "rating" = 'general';--> statement-breakpoint
CREATE INDEX "artworks_visible_no_ai_idx" ON "artworks" USING btree ("created" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE "visible" and "ai_use" = 'none';--> statement-breakpoint
-- A logged-in user's opt-in to see mature work unblurred (off by default; guests never).
ALTER TABLE "users" ADD COLUMN "show_mature" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Issue #31, repost detection: two perceptual hashes (and their mirror image's) per cover and content image; each
-- hash's four 16-bit bands indexed, so near copies among a million images are found by index scans of the probes.
CREATE TABLE "image_hashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"artwork_id" integer NOT NULL REFERENCES "artworks"("id") ON DELETE CASCADE,
	"image_key" text NOT NULL,
	"dhash" bigint NOT NULL,
	"phash" bigint NOT NULL,
	"mirror_dhash" bigint NOT NULL,
	"mirror_phash" bigint NOT NULL,
	"d0" integer NOT NULL,
	"d1" integer NOT NULL,
	"d2" integer NOT NULL,
	"d3" integer NOT NULL,
	"p0" integer NOT NULL,
	"p1" integer NOT NULL,
	"p2" integer NOT NULL,
	"p3" integer NOT NULL,
	CONSTRAINT "image_hashes_artwork_image_uq" UNIQUE("artwork_id","image_key")
);--> statement-breakpoint
CREATE INDEX "image_hashes_d0_idx" ON "image_hashes" USING btree ("d0");--> statement-breakpoint
CREATE INDEX "image_hashes_d1_idx" ON "image_hashes" USING btree ("d1");--> statement-breakpoint
CREATE INDEX "image_hashes_d2_idx" ON "image_hashes" USING btree ("d2");--> statement-breakpoint
CREATE INDEX "image_hashes_d3_idx" ON "image_hashes" USING btree ("d3");--> statement-breakpoint
CREATE INDEX "image_hashes_p0_idx" ON "image_hashes" USING btree ("p0");--> statement-breakpoint
CREATE INDEX "image_hashes_p1_idx" ON "image_hashes" USING btree ("p1");--> statement-breakpoint
CREATE INDEX "image_hashes_p2_idx" ON "image_hashes" USING btree ("p2");--> statement-breakpoint
CREATE INDEX "image_hashes_p3_idx" ON "image_hashes" USING btree ("p3");
