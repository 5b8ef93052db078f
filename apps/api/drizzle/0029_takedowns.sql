-- Issue #31 (repost detection's publish hold; takedowns from outside).
-- (1) repost holds: publishing work whose image is a near copy of another account's published image holds it
-- (`artworks.moderation_state` 'held', reason 'possible_repost', migration 0018) and records why: one open hold per
-- artwork, the uploader's explanation, and per original work found its artist's answer ('allowed' releases the hold
-- once every matched artist gave it; 'reported' files a report through the one report model).
CREATE TABLE "repost_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"artwork_id" integer NOT NULL REFERENCES "artworks"("id") ON DELETE CASCADE,
	"uploader_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"status" varchar(8) DEFAULT 'held' NOT NULL CHECK ("status" IN ('held', 'released', 'removed')),
	"released_by" varchar(8) CHECK ("released_by" IN ('original', 'staff')),
	"explanation" varchar(2000) DEFAULT '' NOT NULL,
	"explained_at" timestamp with time zone,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "repost_holds_open_uq" ON "repost_holds" USING btree ("artwork_id") WHERE "status" = 'held';--> statement-breakpoint
CREATE INDEX "repost_holds_status_idx" ON "repost_holds" USING btree ("status", "id");--> statement-breakpoint
CREATE TABLE "repost_hold_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"hold_id" integer NOT NULL REFERENCES "repost_holds"("id") ON DELETE CASCADE,
	"image_key" text NOT NULL,
	"original_id" integer NOT NULL REFERENCES "artworks"("id") ON DELETE CASCADE,
	"original_author_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"original_image" text NOT NULL,
	"dhash_bits" integer NOT NULL,
	"phash_bits" integer NOT NULL,
	"answer" varchar(8) CHECK ("answer" IN ('allowed', 'reported')),
	"report_id" integer REFERENCES "reports"("id") ON DELETE SET NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "repost_hold_matches_uq" UNIQUE("hold_id", "original_id")
);--> statement-breakpoint
CREATE INDEX "repost_hold_matches_author_idx" ON "repost_hold_matches" USING btree ("original_author_id", "hold_id");--> statement-breakpoint
-- (2) takedown notices from rights holders without an account. 'unconfirmed' until the mailed link is followed;
-- 'active': the work is hidden as a temporary measure (정보통신망법 §44-2, at most 30 days, until `expires_at`);
-- 'countered' once the uploader answers; staff decide 'removed' or 'restored'; 'expired' when the period ended
-- without a decision (the work shows again). The notice outlives the work (artwork_id becomes null).
CREATE TABLE "takedowns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"work_url" varchar(500) NOT NULL,
	"artwork_id" integer REFERENCES "artworks"("id") ON DELETE SET NULL,
	"uploader_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"original" varchar(2000) NOT NULL,
	"good_faith" boolean NOT NULL CHECK ("good_faith"),
	"language" varchar(2) DEFAULT 'ko' NOT NULL CHECK ("language" IN ('ko', 'en')),
	"status" varchar(12) DEFAULT 'unconfirmed' NOT NULL
	  CHECK ("status" IN ('unconfirmed', 'active', 'countered', 'removed', 'restored', 'expired')),
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"counter_text" varchar(2000) DEFAULT '' NOT NULL,
	"countered_at" timestamp with time zone,
	"decision" varchar(8) CHECK ("decision" IN ('remove', 'restore')),
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "takedowns_status_idx" ON "takedowns" USING btree ("status", "id");--> statement-breakpoint
CREATE INDEX "takedowns_artwork_idx" ON "takedowns" USING btree ("artwork_id");
