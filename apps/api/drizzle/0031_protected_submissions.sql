-- Issue #34 (6) and #33: a frozen submission keeps the protection its artwork had when it was sent (the cap on public
-- renditions, the watermark) and a salt of its own; the public pages of the call (the public vote, the results) name
-- its images only by public copies `submissions/p/<application>/<md5(salt ‖ key)>.<ext>`, and its copies as sent are
-- served only to the call's owner, staff, its jurors and the applicant. Entries frozen before this change take their
-- artwork's protection as it is now (an artwork deleted since: none, it is not known). `/media/` finds the entry of a
-- frozen content image by the GIN index on `images`.
ALTER TABLE "invite_snapshots" ADD COLUMN "max_public_width" smallint;--> statement-breakpoint
ALTER TABLE "invite_snapshots" ADD COLUMN "watermark" jsonb;--> statement-breakpoint
ALTER TABLE "invite_snapshots" ADD COLUMN "protection_salt" varchar(32);--> statement-breakpoint
CREATE INDEX "invite_snapshots_images_idx" ON "invite_snapshots" USING gin ("images");--> statement-breakpoint
ALTER TABLE "invite_snapshots" ADD CONSTRAINT "invite_snapshots_max_public_width_choice" CHECK ("invite_snapshots"."max_public_width" is null or "invite_snapshots"."max_public_width" in (1280, 1920, 2560));--> statement-breakpoint
UPDATE "invite_snapshots" s SET "max_public_width" = a."max_public_width", "watermark" = a."watermark", "protection_salt" = md5(random()::text || s."application_id"::text)
  FROM "invite_applications" ap JOIN "artworks" a ON a."id" = ap."artwork_id"
 WHERE ap."id" = s."application_id" AND a."protection_salt" IS NOT NULL;
