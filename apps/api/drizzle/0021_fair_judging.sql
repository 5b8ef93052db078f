-- Issue #33 (points 3, 4, 5, 7): a juror's declared conflict of interest with its reason and time, a comment the
-- juror marks shareable and the owner's release of that feedback, and public vote rounds on the shortlist with one
-- vote per account per round (a second vote moves it), the voter's address kept for the per-IP limits.
ALTER TABLE "invite_reviews" ADD COLUMN "conflict_reason" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invite_reviews" ADD COLUMN "conflict_declared" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invite_reviews" ADD COLUMN "shareable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "feedback_released" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "invite_vote_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL REFERENCES "invites"("id") ON DELETE cascade,
	"starts" timestamp with time zone NOT NULL,
	"ends" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_vote_rounds_order" CHECK ("invite_vote_rounds"."ends" > "invite_vote_rounds"."starts")
);--> statement-breakpoint
CREATE INDEX "invite_vote_rounds_invite_idx" ON "invite_vote_rounds" USING btree ("invite_id","starts");--> statement-breakpoint
CREATE TABLE "invite_votes" (
	"round_id" integer NOT NULL REFERENCES "invite_vote_rounds"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"application_id" integer NOT NULL REFERENCES "invite_applications"("id") ON DELETE cascade,
	"ip" varchar(45) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_votes_pk" PRIMARY KEY("round_id","user_id")
);--> statement-breakpoint
CREATE INDEX "invite_votes_ip_idx" ON "invite_votes" USING btree ("round_id","ip");--> statement-breakpoint
CREATE INDEX "invite_votes_application_idx" ON "invite_votes" USING btree ("application_id");
--> statement-breakpoint
-- An account's confirmed e-mail address (issue #33.7: only such accounts vote); a change of address unconfirms it.
CREATE TABLE "email_confirmations" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" varchar(254) NOT NULL,
	"confirmed" timestamp with time zone DEFAULT now() NOT NULL
);
