-- Issue #33 (1, 2, 6, 8): fair open calls — eligibility first, grace periods, published results.
-- (1) A question is a free-text one (as before) or an eligibility one, answered yes/no, that excludes whoever does
-- not give `required_answer`.
ALTER TABLE "invite_questions" ADD COLUMN "kind" varchar(12) DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "invite_questions" ADD COLUMN "required_answer" boolean;--> statement-breakpoint
ALTER TABLE "invite_questions" ADD CONSTRAINT "invite_questions_kind_choice"
  CHECK ("kind" in ('text', 'eligibility') AND (("kind" = 'eligibility') = ("required_answer" IS NOT NULL)));--> statement-breakpoint
-- (1, 6) Who started applying to a call: the eligibility answers they gave and passed with (re-checked against the
-- call's questions when they apply), and when the "closes tomorrow" reminder went to them (at most once).
CREATE TABLE "invite_eligibility" (
  "id" serial PRIMARY KEY NOT NULL,
  "invite_id" integer NOT NULL REFERENCES "invites"("id") ON DELETE cascade,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "passed" timestamp with time zone DEFAULT now() NOT NULL,
  "reminded" timestamp with time zone,
  CONSTRAINT "invite_eligibility_uq" UNIQUE ("invite_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "invite_eligibility_user_idx" ON "invite_eligibility" ("user_id");--> statement-breakpoint
-- (6) Entries arriving within `grace_minutes` after the closing date are accepted and marked late.
ALTER TABLE "invites" ADD COLUMN "grace_minutes" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_grace_minutes_range" CHECK ("grace_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "invite_applications" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- (8) The jury's statement the owner writes for the published results.
ALTER TABLE "invites" ADD COLUMN "jury_statement" text DEFAULT '' NOT NULL;
