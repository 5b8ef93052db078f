-- Issue #34 (5): bulk import. An import is a ZIP kept as a private object until its job has worked through it; each
-- file of the archive gets one row (its position in the archive's directory), written in the transaction that made
-- its draft or as it was skipped, so a job taken over after a crash goes on where the last commit left it.
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"status" varchar(10) DEFAULT 'queued' NOT NULL CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
	"archive" varchar(300) NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"finished" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "imports_owner_idx" ON "imports" ("owner_id", "id");
--> statement-breakpoint
CREATE TABLE "import_items" (
	"import_id" integer NOT NULL REFERENCES "imports"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"path" varchar(600) NOT NULL,
	"folder" varchar(600) DEFAULT '' NOT NULL,
	"status" varchar(10) NOT NULL CHECK ("status" IN ('imported', 'skipped')),
	"reason" varchar(60),
	"artwork_id" integer REFERENCES "artworks"("id") ON DELETE SET NULL,
	PRIMARY KEY ("import_id", "position")
);
--> statement-breakpoint
CREATE INDEX "import_items_artwork_idx" ON "import_items" ("artwork_id") WHERE "artwork_id" IS NOT NULL;
--> statement-breakpoint
-- Quiet publishing: an artwork published with quiet (an imported back catalogue) is in the gallery like any other but
-- queues no followers' fan-out and is left out of the Following feed.
ALTER TABLE "artworks" ADD COLUMN "quiet" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_queue_publish() RETURNS trigger AS $$
BEGIN
  IF NEW.quiet THEN
    RETURN NEW;
  END IF;
  INSERT INTO jobs (kind, payload) VALUES ('follows.publish', json_build_object('artwork', NEW.id)::jsonb)
    ON CONFLICT (("payload"->>'artwork')) WHERE "kind" = 'follows.publish' AND "status" = 'queued' DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
