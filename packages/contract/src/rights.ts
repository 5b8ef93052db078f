import { z } from 'zod';

/**
 * Issue #18, artists' rights: the AI-training opt-out of an account (which its artworks follow) and of one
 * artwork (true or false overrides the account; null follows it again).
 */
export const accountOptOutSchema = z.object({ ai_opt_out: z.boolean({ error: 'field.invalid_choice' }) });
export const artworkOptOutSchema = z.object({ ai_opt_out: z.boolean({ error: 'field.invalid_choice' }).nullable() });

export const AccountOptOutSchema = z.object({ ai_opt_out_default: z.boolean() });
export const ArtworkOptOutSchema = z.object({ id: z.number(), ai_opt_out: z.boolean(), ai_opt_out_setting: z.boolean().nullable() });
export type AccountOptOut = z.infer<typeof AccountOptOutSchema>;
export type ArtworkOptOut = z.infer<typeof ArtworkOptOutSchema>;

/** Issue #18, "Download my data": an export's state (GET /api/v1/users/{id}/export/); null before the first. */
export const DataExportSchema = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  created: z.string(),
  finished: z.string().nullable(),
  /** Bytes of the ZIP and files inside it, once done. */
  size: z.number(),
  files: z.number(),
});
export type DataExport = z.infer<typeof DataExportSchema>;
/** The mailed link stays valid this long. */
export const EXPORT_LINK_HOURS = 24;
/** The mailed link's query (GET /api/v1/users/{id}/export/?e=&x=&t=): export id, expiry (epoch seconds), signature. */
export const exportLinkQuery = z.object({ e: z.string().max(12).optional(), x: z.string().max(12).optional(), t: z.string().max(100).optional() });
