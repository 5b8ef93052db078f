-- Issue #35 Content Credentials: the summary of the C2PA manifest an upload carried (null: none), and whether any
-- image an artwork shows carries valid credentials (kept by the artwork's save), for the gallery's filter.
ALTER TABLE "media" ADD COLUMN "credentials" jsonb;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "credentials" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "artworks_visible_credentials_idx" ON "artworks" USING btree ("created" DESC NULLS FIRST, "id" DESC NULLS FIRST) WHERE "artworks"."visible" and "artworks"."credentials";
