import { z } from 'zod';

/**
 * Issue #35 Content Credentials (C2PA): what the server read from an uploaded image's manifest. Never a permission:
 * a summary to show.
 * - `valid`: the signature and the image's hash check out and the signer's chain ends in the trust list we ship;
 * - `untrusted`: both check out but the signer is not on the trust list (an unknown signer);
 * - `changed`: signed, but the image's hash does not match (the image changed after signing);
 * - `invalid`: a manifest that does not validate otherwise (a broken signature, a missing hash).
 */
export const CREDENTIAL_STATES = ['valid', 'untrusted', 'changed', 'invalid'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];

/** The C2PA training-and-mining choice as the manifest gives it (null: no such assertion). */
export const TRAINING_CHOICES = ['allowed', 'notAllowed', 'constrained'] as const;

/** How long each text of a summary may be, and how many actions are kept. */
export const CREDENTIAL_TEXT_MAX = 200;
export const CREDENTIAL_ACTIONS_MAX = 20;

const credentialTextSchema = z.string().max(CREDENTIAL_TEXT_MAX);

export const credentialActionSchema = z.object({
  /** e.g. `c2pa.created`, `c2pa.edited`, `c2pa.placed`. */
  action: credentialTextSchema,
  /** The tool that did it, when the manifest names one. */
  agent: credentialTextSchema.nullable(),
  /** IPTC digital source type (e.g. `trainedAlgorithmicMedia` for AI-generated), last path segment only. */
  source: credentialTextSchema.nullable(),
});

export const credentialSummarySchema = z.object({
  state: z.enum(CREDENTIAL_STATES),
  /** Who signed: the signing certificate's common name and organisation. */
  signer: credentialTextSchema.nullable(),
  /** Who issued the signer's certificate. */
  issuer: credentialTextSchema.nullable(),
  /** The claim generator: the tool that wrote the manifest. */
  generator: credentialTextSchema.nullable(),
  /** Author names from a CreativeWork assertion. */
  authors: z.array(credentialTextSchema).max(5),
  actions: z.array(credentialActionSchema).max(CREDENTIAL_ACTIONS_MAX),
  /** An action or ingredient made with generative AI (IPTC trained algorithmic media). */
  ai: z.boolean(),
  /** The `c2pa.ai_generative_training` choice (or, without it, `c2pa.ai_training`). */
  training: z.enum(TRAINING_CHOICES).nullable(),
  /** How many ingredients (earlier versions, placed images) the manifest lists. */
  ingredients: z.number().int().min(0),
  /** The validation codes that failed (C2PA status codes, e.g. `assertion.dataHash.mismatch`). */
  failures: z.array(credentialTextSchema).max(20),
});
export type CredentialSummary = z.infer<typeof credentialSummarySchema>;

/** `GET /api/v1/artworks/{id}/credentials/`: each image of the artwork that carried a manifest, in page order. */
export const artworkCredentialsSchema = z.object({
  images: z.array(z.object({ filename: z.string(), credentials: credentialSummarySchema })),
});
export type ArtworkCredentials = z.infer<typeof artworkCredentialsSchema>;

/** The gallery filter `?credentials=valid` (issue #35): only artworks with an image whose credentials are valid. */
export const CREDENTIALS_FILTER = 'valid';
