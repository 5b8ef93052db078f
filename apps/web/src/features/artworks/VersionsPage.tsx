import { mediaUrl } from '@axoo/contract';
import type { ArtworkVersion } from '@axoo/contract/artworks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../ui/format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { loadArtwork } from './api/upload.ts';
import { listVersions, restoreVersion } from './api/versions.ts';
import styles from './Upload.module.css';

/** The thumbnail's width in CSS pixels (the rendition asked for is twice that, for dense screens). */
const THUMB = 96;

/**
 * Issue #34 (4): `/upload/{id}/versions/`, the author's kept versions of a published project (the state before each
 * change of its cover, images or text), newest first, each restorable. A restore keeps the state it replaces as a
 * version too, so it can be undone here. Works on a phone, where the editor does not.
 */
export default function VersionsPage() {
  const id = Number(useParams().artworkId);
  const { t, i18n } = useTranslation('upload');
  const client = useQueryClient();
  const artwork = useQuery({ queryKey: ['artworks', 'detail', id], queryFn: () => loadArtwork(id), retry: false });
  const versions = useQuery({ queryKey: ['artworks', 'versions', id], queryFn: () => listVersions(id), retry: false });
  const [busy, setBusy] = useState<number | null>(null);
  const [status, setStatus] = useState('');

  const restore = async (v: ArtworkVersion) => {
    setBusy(v.version);
    setStatus('');
    try {
      const saved = await restoreVersion(id, v.version);
      client.setQueryData(['artworks', 'detail', id], saved);
      await client.invalidateQueries({ queryKey: ['artworks'] });
      setStatus(t('versions.restored', { version: v.version }));
    } catch {
      setStatus(t('versions.failed'));
    } finally {
      setBusy(null);
    }
  };

  if (versions.isPending || artwork.isPending) return <Spinner />;
  if (versions.error || artwork.error) {
    return (
      <div className="page narrow">
        <h1>{t('versions.title')}</h1>
        <p className="empty" role="alert">
          {t('versions.missing')}
        </p>
      </div>
    );
  }
  const list = versions.data ?? [];
  return (
    <div className="page narrow" data-testid="versions-page">
      <h1>{t('versions.title')}</h1>
      <p className={styles.hint}>{t('versions.hint', { title: artwork.data?.title ?? '' })}</p>
      <p role="status" className={styles.versionStatus} data-testid="versions-status">
        {status}
      </p>
      {list.length === 0 ? (
        <p className="empty">{t('versions.none')}</p>
      ) : (
        <ol className={styles.versionList}>
          {list.map((v) => (
            <li key={v.version} className={styles.version} data-testid={`version-${v.version}`}>
              {v.cropped_cover ? (
                <img src={mediaUrl(v.cropped_cover, THUMB * 2)} alt="" width={THUMB} height={THUMB} className={styles.versionThumb} />
              ) : (
                <span className={styles.versionThumb} />
              )}
              <div className={styles.versionText}>
                <h2 className={styles.versionTitle}>{t('versions.label', { version: v.version, title: v.title })}</h2>
                <p className={styles.hint}>
                  <time dateTime={v.created}>{formatDateTime(v.created, i18n.language)}</time> · {t('versions.images', { count: v.images.length })}
                </p>
              </div>
              <button
                type="button"
                className="btn secondary"
                disabled={busy !== null}
                aria-label={t('versions.restoreLabel', { version: v.version })}
                onClick={() => void restore(v)}
              >
                {t('versions.restore')}
              </button>
            </li>
          ))}
        </ol>
      )}
      <p>
        <Link to={`/upload/${id}/`}>{t('versions.back')}</Link>
      </p>
    </div>
  );
}
