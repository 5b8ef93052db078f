import { MEDIA_PREFIX, SUBMISSION_MEDIA_FOLDER } from '@axoo/contract';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { inviteApplications, inviteSnapshots } from '../../db/schema/index.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { type MediaAccess, publicCopyAccess } from '../../media/protection.ts';
import { saltedKey } from '../artworks/protection.ts';
import { contentImageKeys, type SnapshotRow } from './snapshot.ts';

/**
 * Issue #34 (6) on the open calls' public pages (issue #33): an entry keeps the protection its artwork had when it was
 * frozen (`max_public_width`, `watermark`, and a salt of its own while either is on). Whatever the public sees of such
 * an entry (the public vote's ballot, the published results) names its images by public copies,
 * `submissions/p/<application>/<md5(salt ‖ key)>.<ext>`, which `/media/` serves rendered from the frozen copy within
 * the cap and watermarked; the frozen copies themselves (`submissions/<name>.<ext>`) are served only to the call's
 * owner and staff, its jurors and the applicant, who receive the entry as it was sent.
 */
export type ProtectedSnapshot = Pick<SnapshotRow, 'applicationId' | 'protectionSalt'>;

const PUBLIC_FOLDER = `${SUBMISSION_MEDIA_FOLDER}/p`;

/** The public copy's key of one of a protected entry's images ('' stays '', an unprotected entry's key stays). */
export function publicSubmissionKeyOf(row: ProtectedSnapshot, key: string): string {
  return row.protectionSalt === null ? key : saltedKey(`${PUBLIC_FOLDER}/${row.applicationId}`, row.protectionSalt, key);
}

/** Every image a frozen entry names: its covers, its content's images. */
export const snapshotImagesOf = (row: Pick<SnapshotRow, 'cover' | 'croppedCover' | 'images' | 'content'>): string[] => [
  ...new Set([row.cover, row.croppedCover, ...row.images, ...contentImageKeys(row.content)].filter(Boolean)),
];

/** The entry as the public may see it: each image named by its public copy (the content's links to them too). */
export function publicSnapshot<T extends SnapshotRow>(row: T): T {
  if (row.protectionSalt === null) return row;
  let content = row.content;
  for (const key of snapshotImagesOf(row)) content = content.replaceAll(`${MEDIA_PREFIX}${key}`, `${MEDIA_PREFIX}${publicSubmissionKeyOf(row, key)}`);
  return {
    ...row,
    content,
    cover: publicSubmissionKeyOf(row, row.cover),
    croppedCover: publicSubmissionKeyOf(row, row.croppedCover),
    images: row.images.map((k) => publicSubmissionKeyOf(row, k)),
  };
}

/** What `/media/` needs of the entry a submission key belongs to. */
export type SubmissionProtectionRow = SnapshotRow & { applicantId: number | null };

/** `submissions/p/12/…` → 12 (a public copy's entry), or null. */
function applicationOfPublicKey(key: string): number | null {
  const m = new RegExp(`^${PUBLIC_FOLDER}/(\\d{1,9})/`).exec(key);
  return m ? Number(m[1]) : null;
}

/** Whether a key lies in the frozen submissions' folder. */
export const isSubmissionKey = (key: string) => key.startsWith(`${SUBMISSION_MEDIA_FOLDER}/`);

/**
 * The entry a submission key names: by its application for a public copy, else the snapshot naming the frozen copy
 * (as a cover, a crop or a content image). Null when none does.
 */
export async function snapshotOfSubmissionKey(db: Executor, key: string): Promise<SubmissionProtectionRow | null> {
  const application = applicationOfPublicKey(key);
  const [row] = await db
    .select({ snapshot: inviteSnapshots, applicantId: inviteApplications.applicantId })
    .from(inviteSnapshots)
    .innerJoin(inviteApplications, eq(inviteApplications.id, inviteSnapshots.applicationId))
    .where(
      application !== null
        ? eq(inviteSnapshots.applicationId, application)
        : or(eq(inviteSnapshots.cover, key), eq(inviteSnapshots.croppedCover, key), sql`${inviteSnapshots.images} @> ${JSON.stringify([key])}::jsonb`),
    )
    .limit(1);
  return row ? { ...row.snapshot, applicantId: row.applicantId } : null;
}

/**
 * How `/media/` may serve a key of the submissions' folder: a public copy of a protected entry (its frozen copy, the
 * cap, the watermark), a public copy's name that does not resolve (a 404), a protected entry's frozen copy (only to
 * those `allows` admits: the call's owner, staff, jurors, the applicant), or null (served as before).
 */
export function mediaAccessOfSubmission(
  row: SubmissionProtectionRow | null,
  key: string,
  allows: (user: UserRow, row: SubmissionProtectionRow) => Promise<boolean>,
): MediaAccess | null {
  if (applicationOfPublicKey(key) !== null) {
    return row?.protectionSalt ? publicCopyAccess(key, snapshotImagesOf(row), (k) => publicSubmissionKeyOf(row, k), row) : { kind: 'gone' };
  }
  if (!row || row.protectionSalt === null) return null;
  return { kind: 'restricted', allows: (user) => allows(user, row) };
}

/**
 * The public copies the protected entries of these invites show: their renditions go with the invite as the frozen
 * copies do (issue #13), queued in the deleting transaction.
 */
export async function publicSubmissionKeys(db: Executor, inviteIds: number[]): Promise<string[]> {
  if (!inviteIds.length) return [];
  const rows = await db
    .select()
    .from(inviteSnapshots)
    .where(and(inArray(inviteSnapshots.inviteId, inviteIds), isNotNull(inviteSnapshots.protectionSalt)));
  return rows.flatMap((r) => snapshotImagesOf(r).map((k) => publicSubmissionKeyOf(r, k)));
}
