-- Issue #33.7: e-mail confirmation of accounts. An account's current address is confirmed when `email_confirmed`
-- holds the time its mailed link was used; a change of address sets it back to null (the profile update does, in
-- the same statement). Existing accounts: those whose address was confirmed in 0021's `email_confirmations` (the
-- same address, in any case) keep that time; every other account starts unconfirmed, since nothing proved it owns
-- its address, and asks for a link in its account settings. The table then goes: the column replaces it.
ALTER TABLE "users" ADD COLUMN "email_confirmed" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "email_confirmed" = c."confirmed" FROM "email_confirmations" c WHERE c."user_id" = "users"."id" AND lower(c."email") = lower("users"."email");--> statement-breakpoint
DROP TABLE "email_confirmations";
