-- Issue #34 (6), image protection: a project's cap on public renditions (null: none) and its optional watermark
-- ({ text, position, opacity }), the account's cap new projects start with, and the salt of the project's public
-- copies: set (random) while a cap or a watermark is on, renewed on every change of either, so the public copies'
-- names (md5 of salt and original key) change and the old ones stop resolving; null when the project is unprotected.
ALTER TABLE "artworks" ADD COLUMN "max_public_width" smallint;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "watermark" jsonb;--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "protection_salt" varchar(32);--> statement-breakpoint
ALTER TABLE "artworks" ADD CONSTRAINT "artworks_max_public_width_choice" CHECK ("artworks"."max_public_width" is null or "artworks"."max_public_width" in (1280, 1920, 2560));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_public_width" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_max_public_width_choice" CHECK ("users"."max_public_width" is null or "users"."max_public_width" in (1280, 1920, 2560));
