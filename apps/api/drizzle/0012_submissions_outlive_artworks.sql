-- Issue #16: a submission outlives its artwork and its applicant's account. The application keeps its frozen copy,
-- answers, scores and decision; its artwork becomes null when the artwork is deleted, and who applied is kept apart
-- (null once the account is deleted).
ALTER TABLE "invite_applications" ALTER COLUMN "artwork_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invite_applications" DROP CONSTRAINT "invite_applications_artwork_id_artworks_id_fk";--> statement-breakpoint
ALTER TABLE "invite_applications" ADD CONSTRAINT "invite_applications_artwork_id_artworks_id_fk" FOREIGN KEY ("artwork_id") REFERENCES "public"."artworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_applications" ADD COLUMN "applicant_id" integer;--> statement-breakpoint
ALTER TABLE "invite_applications" ADD CONSTRAINT "invite_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Whoever inserts an application (the apply route, a script, a test), its applicant is the artwork's author.
CREATE OR REPLACE FUNCTION "invite_applications_applicant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."applicant_id" IS NULL AND NEW."artwork_id" IS NOT NULL THEN
    SELECT "author_id" INTO NEW."applicant_id" FROM "artworks" WHERE "id" = NEW."artwork_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invite_applications_applicant" BEFORE INSERT ON "invite_applications" FOR EACH ROW EXECUTE FUNCTION "invite_applications_applicant"();--> statement-breakpoint
UPDATE "invite_applications" a SET "applicant_id" = w."author_id" FROM "artworks" w WHERE w."id" = a."artwork_id";--> statement-breakpoint
CREATE INDEX "invite_applications_applicant_idx" ON "invite_applications" USING btree ("applicant_id");
