-- Issue #19: brands start their own calls (hidden while under review, staff's note when sent back), and the
-- submissions list pages through every entry by submission date.
ALTER TABLE "invites" ADD COLUMN "self_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "review_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "invite_applications_invite_created_idx" ON "invite_applications" USING btree ("invite_id","created","id");
