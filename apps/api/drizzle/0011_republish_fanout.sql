-- Issue #17: an artwork that becomes visible again (unpublished and published again, made private and public, its
-- author's membership back) queues its followers' fan-out again. Before, the job's key allowed one fan-out per
-- artwork ever: when the first job ran while the artwork was hidden it told nobody, and the next publish queued
-- nothing, so the fan-out was lost. Now a fan-out is queued unless one of the artwork is still waiting to run (it will
-- see the artwork as it is then); a follower is still told once per artwork by the notice's key ('publish:<artwork>'),
-- so a second fan-out tells only followers who were not told yet.
CREATE OR REPLACE FUNCTION artworks_queue_publish() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM jobs WHERE status = 'queued' AND kind = 'follows.publish' AND payload = json_build_object('artwork', NEW.id)::jsonb
  ) THEN
    INSERT INTO jobs (kind, payload) VALUES ('follows.publish', json_build_object('artwork', NEW.id)::jsonb);
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
