-- Issue #31 (reports and the queue): one report model for every target, an artwork's moderation state folded into
-- the visibility trigger, suspended accounts, appeals and an append-only audit log.
-- (1) reports: what a logged-in user reports (an artwork, a user, an open call, a message); one open report per
-- reporter and target (a partial unique index), so a repeat finds the same row. The message reports of issue #20
-- become target 'message' of this model.
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" varchar(16) NOT NULL CHECK ("target" IN ('artwork', 'user', 'invite', 'message')),
	"target_id" integer NOT NULL,
	"reporter_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"reason" varchar(16) NOT NULL CHECK ("reason" IN ('spam', 'harassment', 'stolen', 'sexual', 'violence', 'hate', 'ai_undisclosed', 'other')),
	"detail" varchar(1000) DEFAULT '' NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'resolved')),
	"action" varchar(8) CHECK ("action" IN ('dismiss', 'hide', 'remove', 'warn', 'suspend')),
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_uq" ON "reports" USING btree ("target", "target_id", "reporter_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target", "target_id", "id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id", "created");--> statement-breakpoint
INSERT INTO "reports" ("target", "target_id", "reporter_id", "reason", "detail", "status", "resolved_at", "created")
  SELECT 'message', "message_id", "reporter_id", 'other', "reason",
    CASE WHEN "resolved_at" IS NULL THEN 'open' ELSE 'resolved' END, "resolved_at", "created"
  FROM "message_reports" ORDER BY "id";--> statement-breakpoint
DROP TABLE "message_reports";--> statement-breakpoint
-- (2) an artwork's moderation state: 'hidden' by staff (or a takedown notice), 'held' for review (a possible repost);
-- either takes it out of `reachable`, so only its author (who sees the reason) and staff see it, and out of
-- `visible`, the one listing rule of every list, search, feed, sitemap, oEmbed and profile tab.
ALTER TABLE "artworks" ADD COLUMN "moderation_state" varchar(8) DEFAULT 'none' NOT NULL
  CHECK ("moderation_state" IN ('none', 'hidden', 'held'));--> statement-breakpoint
ALTER TABLE "artworks" ADD COLUMN "moderation_reason" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_set_visible() RETURNS trigger AS $$
BEGIN
  NEW.reachable := NEW.published AND NOT NEW.draft AND NEW.moderation_state = 'none'
    AND COALESCE((SELECT is_premium FROM users WHERE id = NEW.author_id), false);
  NEW.visible := NEW.reachable AND NOT NEW.unlisted;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "artworks_visible_trg" ON "artworks";--> statement-breakpoint
CREATE TRIGGER artworks_visible_trg BEFORE INSERT OR UPDATE OF published, draft, author_id, unlisted, moderation_state ON artworks
  FOR EACH ROW EXECUTE FUNCTION artworks_set_visible();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_sync_artwork_visibility() RETURNS trigger AS $$
BEGIN
  IF NEW.is_premium IS DISTINCT FROM OLD.is_premium THEN
    UPDATE artworks SET reachable = published AND NOT draft AND moderation_state = 'none' AND NEW.is_premium,
      visible = published AND NOT draft AND moderation_state = 'none' AND NEW.is_premium AND NOT unlisted
      WHERE author_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- (3) a suspended account can neither log in nor publish nor write (until staff reverse it on appeal).
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
-- (4) appeals: the owner asks once per action (one appeal per report); staff uphold or reverse.
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL REFERENCES "reports"("id") ON DELETE CASCADE,
	"appellant_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"text" varchar(2000) NOT NULL,
	"status" varchar(8) DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'upheld', 'reversed')),
	"decided_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_report_unique" UNIQUE("report_id")
);--> statement-breakpoint
-- (5) the audit log: every staff action and decision, append-only. No foreign keys (a cascade would be an UPDATE or
-- DELETE); the trigger refuses UPDATE, DELETE and TRUNCATE for everyone, the site's own role included.
CREATE TABLE "moderation_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" varchar(150) NOT NULL,
	"action" varchar(16) NOT NULL,
	"report_id" integer,
	"appeal_id" integer,
	"target" varchar(16) NOT NULL,
	"target_id" integer NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION moderation_audit_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'moderation_audit is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER moderation_audit_no_change BEFORE UPDATE OR DELETE ON "moderation_audit"
  FOR EACH ROW EXECUTE FUNCTION moderation_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER moderation_audit_no_truncate BEFORE TRUNCATE ON "moderation_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION moderation_audit_append_only();
