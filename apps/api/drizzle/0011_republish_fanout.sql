-- Issue #17: an artwork that becomes visible again (unpublished and published again, made private and public, its
-- author's membership back) queues its followers' fan-out again. Before, the job's key allowed one fan-out per
-- artwork ever: when the first job ran while the artwork was hidden it told nobody, and the next publish queued
-- nothing, so the fan-out was lost. Now a fan-out is queued unless one of the artwork is still waiting to run (it will
-- see the artwork as it is then); a follower is still told once per artwork by the notice's key ('publish:<artwork>'),
-- so a second fan-out tells only followers who were not told yet. "Still waiting" is a unique index over the waiting
-- fan-outs' artwork, so the check is one index probe (a bulk insert of many artworks stays linear) and two
-- concurrent publishes cannot both queue one.
CREATE UNIQUE INDEX "jobs_publish_waiting_uq" ON "jobs" (("payload"->>'artwork')) WHERE "kind" = 'follows.publish' AND "status" = 'queued';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION artworks_queue_publish() RETURNS trigger AS $$
BEGIN
  INSERT INTO jobs (kind, payload) VALUES ('follows.publish', json_build_object('artwork', NEW.id)::jsonb)
    ON CONFLICT (("payload"->>'artwork')) WHERE "kind" = 'follows.publish' AND "status" = 'queued' DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
