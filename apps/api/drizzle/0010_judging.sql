-- Issue #16: open-call judging. A frozen copy of each submission at application, the rubric and its scale, jurors
-- invited by e-mail, rounds with their shortlists, scores (one per juror, submission, criterion and round), a
-- juror's comment and conflict per submission, and the juror pack's export job.
ALTER TABLE "invites" ADD COLUMN "score_scale" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "reveal_names" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_score_scale_range" CHECK ("invites"."score_scale" between 2 and 10);--> statement-breakpoint
CREATE TABLE "invite_snapshots" (
	"application_id" integer PRIMARY KEY NOT NULL REFERENCES "invite_applications"("id") ON DELETE cascade,
	"invite_id" integer NOT NULL REFERENCES "invites"("id") ON DELETE cascade,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"cropped_cover" text DEFAULT '' NOT NULL,
	"background_color" varchar(7) DEFAULT '#FFFFFF' NOT NULL,
	"width" integer,
	"height" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taxonomy" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "invite_snapshots_invite_idx" ON "invite_snapshots" USING btree ("invite_id");--> statement-breakpoint
CREATE INDEX "invite_snapshots_cover_idx" ON "invite_snapshots" USING btree ("cover");--> statement-breakpoint
CREATE INDEX "invite_snapshots_cropped_cover_idx" ON "invite_snapshots" USING btree ("cropped_cover");--> statement-breakpoint
CREATE TABLE "invite_criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL REFERENCES "invites"("id") ON DELETE cascade,
	"name_ko" varchar(100) NOT NULL,
	"name_en" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" smallint DEFAULT 1 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invite_criteria_weight_range" CHECK ("invite_criteria"."weight" between 1 and 10)
);--> statement-breakpoint
CREATE INDEX "invite_criteria_invite_idx" ON "invite_criteria" USING btree ("invite_id","order");--> statement-breakpoint
CREATE TABLE "invite_jurors" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL REFERENCES "invites"("id") ON DELETE cascade,
	"email" varchar(254) NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"language" varchar(2) DEFAULT 'ko' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted" timestamp with time zone,
	"removed" timestamp with time zone,
	CONSTRAINT "invite_jurors_email_uq" UNIQUE("invite_id","email"),
	CONSTRAINT "invite_jurors_user_uq" UNIQUE("invite_id","user_id")
);--> statement-breakpoint
CREATE INDEX "invite_jurors_user_idx" ON "invite_jurors" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "invite_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"invite_id" integer NOT NULL REFERENCES "invites"("id") ON DELETE cascade,
	"number" smallint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"closed" timestamp with time zone,
	CONSTRAINT "invite_rounds_uq" UNIQUE("invite_id","number")
);--> statement-breakpoint
CREATE TABLE "invite_shortlists" (
	"round_id" integer NOT NULL REFERENCES "invite_rounds"("id") ON DELETE cascade,
	"application_id" integer NOT NULL REFERENCES "invite_applications"("id") ON DELETE cascade,
	CONSTRAINT "invite_shortlists_pk" PRIMARY KEY("round_id","application_id")
);--> statement-breakpoint
CREATE TABLE "invite_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL REFERENCES "invite_rounds"("id") ON DELETE cascade,
	"juror_id" integer NOT NULL REFERENCES "invite_jurors"("id") ON DELETE cascade,
	"application_id" integer NOT NULL REFERENCES "invite_applications"("id") ON DELETE cascade,
	"criterion_id" integer NOT NULL REFERENCES "invite_criteria"("id") ON DELETE cascade,
	"score" smallint NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_scores_uq" UNIQUE("round_id","juror_id","application_id","criterion_id"),
	CONSTRAINT "invite_scores_range" CHECK ("invite_scores"."score" between 1 and 10)
);--> statement-breakpoint
CREATE INDEX "invite_scores_application_idx" ON "invite_scores" USING btree ("application_id");--> statement-breakpoint
CREATE TABLE "invite_reviews" (
	"juror_id" integer NOT NULL REFERENCES "invite_jurors"("id") ON DELETE cascade,
	"application_id" integer NOT NULL REFERENCES "invite_applications"("id") ON DELETE cascade,
	"comment" text DEFAULT '' NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_reviews_pk" PRIMARY KEY("juror_id","application_id")
);--> statement-breakpoint
CREATE TABLE "invite_exports" (
	"invite_id" integer PRIMARY KEY NOT NULL REFERENCES "invites"("id") ON DELETE cascade,
	"status" varchar(8) DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"requested" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone,
	CONSTRAINT "invite_exports_status_choice" CHECK ("invite_exports"."status" in ('queued', 'running', 'done', 'failed'))
);
