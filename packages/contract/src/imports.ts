import { z } from 'zod';
import { artworkWriteSchema } from './artworks.ts';

/** Issue #34 (5): bulk import of a ZIP of images, one draft per folder or per image at the top. */
export const IMPORT_MAX_FILES = 200;
/** The largest ZIP a request may carry (it is streamed to a temporary file, never held in memory). */
export const IMPORT_MAX_BYTES = 256 * 1024 * 1024;
/** Entries of any kind (folders, skipped files) the archive's directory may list before it is refused unread. */
export const IMPORT_MAX_ENTRIES = 1000;
/** The optional sheet at the archive's top: `folder,title,tags,description` (tags split by `;` or `,` inside quotes). */
export const IMPORT_SHEET = 'projects.csv';
export const IMPORT_SHEET_MAX_BYTES = 256 * 1024;

/** Why a file of the archive was skipped: each is a message key `import.skip.<reason>` (or the upload check's own). */
export const IMPORT_SKIP_REASONS = ['unsafe_path', 'symlink', 'not_image', 'duplicate', 'too_large', 'size_mismatch', 'hidden', 'unreadable'] as const;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** One file of the archive as the import handled it. */
export const ImportItemSchema = z.object({
  path: z.string(),
  folder: z.string(),
  status: z.enum(['imported', 'skipped']),
  /** The reason in the request's language (null when imported). */
  reason: z.string().nullable(),
  code: z.string().nullable(),
  artwork: z.number().nullable(),
});

/** `GET /api/v1/imports/{id}/`: progress, the drafts made and every file's result. */
export const ImportSchema = z.object({
  id: z.number(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number(),
  done: z.number(),
  created: z.string(),
  finished: z.string().nullable(),
  drafts: z.array(z.object({ id: z.number(), title: z.string(), draft: z.boolean() })),
  items: z.array(ImportItemSchema),
});
export type ImportAnswer = z.infer<typeof ImportSchema>;
export type ImportItem = z.infer<typeof ImportItemSchema>;

/**
 * `POST /api/v1/imports/{id}/publish/`: publishes the import's drafts together; `quiet` (the default) makes no feed
 * entry and tells no follower. What a draft lacks of SPEC §5's rules may be given once for all of them.
 */
export const importPublishSchema = artworkWriteSchema
  .pick({ categories: true, fields: true, concepts: true, color: true, licence: true })
  .extend({ quiet: z.boolean().optional() });
export type ImportPublish = z.infer<typeof importPublishSchema>;

export const ImportPublishedSchema = z.object({
  published: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), errors: z.record(z.string(), z.array(z.string())) })),
});
export type ImportPublished = z.infer<typeof ImportPublishedSchema>;
