-- Issue #32: a job remembers the id of the request that queued it, so the worker's log lines for it carry that id
-- (null for work queued outside a request: schedules, scripts, other jobs).
ALTER TABLE "jobs" ADD COLUMN "request_id" varchar(64);
