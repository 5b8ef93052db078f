-- Issue #31 (the queue's actions): staff act on every open report of a target at once. The report staff named
-- (`lead_id` = its own id) carries the action for all of them: each resolved report names it in `lead_id`, and the
-- target's owner at the time of the action is kept in `owner_id` (the one who is told and may appeal, once per action:
-- an appeal always names the lead report, whose appeal is unique by 0018's constraint).
ALTER TABLE "reports" ADD COLUMN "lead_id" integer REFERENCES "reports"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "owner_id" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "reports_open_queue_idx" ON "reports" USING btree ("created", "target", "target_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_lead_idx" ON "reports" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_id") WHERE "owner_id" IS NOT NULL;
