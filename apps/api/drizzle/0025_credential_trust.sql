-- Issue #35 (trust list we ship and can update): what re-deciding trust needs after the list changes. The signer's
-- certificate and the chain its manifest carried (PEM), kept for images whose manifest validated apart from trust
-- ('valid', 'untrusted'); server-side only, in a table of its own that no answer reads. The fingerprint of the trust
-- list the stored states were decided under, and the one a queued re-check is applying (`pending`).
CREATE TABLE "media_credential_chains" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"chain" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "media_credential_chains" ADD CONSTRAINT "media_credential_chains_key_media_key_fk" FOREIGN KEY ("key") REFERENCES "public"."media"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "credential_trust" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"pending" varchar(64),
	"checked" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_trust_one_row" CHECK ("credential_trust"."id" = 1)
);
