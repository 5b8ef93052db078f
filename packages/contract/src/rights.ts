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
