-- Issue #31 (hide beyond artworks): staff's `hide` on an open call or a conversation message, in the artworks' shape
-- of migration 0018 (`moderation_state` 'none' | 'hidden' and the reason the owner reads). A hidden call leaves every
-- list, sitemap, share preview and its page for all but its owner and staff; a hidden message is shown to the other
-- participant as a placeholder, its author reads it with the reason. An appeal's reversal sets both back to 'none'.
ALTER TABLE "invites" ADD COLUMN "moderation_state" varchar(8) DEFAULT 'none' NOT NULL
  CHECK ("moderation_state" IN ('none', 'hidden'));--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "moderation_reason" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "moderation_state" varchar(8) DEFAULT 'none' NOT NULL
  CHECK ("moderation_state" IN ('none', 'hidden'));--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "moderation_reason" varchar(1000) DEFAULT '' NOT NULL;
