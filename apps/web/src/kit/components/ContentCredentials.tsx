import type { CredentialSummary } from '@axoo/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArtworkCredentials } from '../api/artworks.ts';
import styles from './ContentCredentials.module.css';

/** Actions the panel names in words; any other shows its C2PA name. */
const NAMED_ACTIONS = [
  'c2pa.created',
  'c2pa.edited',
  'c2pa.opened',
  'c2pa.placed',
  'c2pa.converted',
  'c2pa.cropped',
  'c2pa.resized',
  'c2pa.filtered',
  'c2pa.color_adjustments',
  'c2pa.drawing',
  'c2pa.published',
];

function Summary({ credentials, n, count }: { credentials: CredentialSummary; n: number; count: number }) {
  const { t } = useTranslation('artworks');
  const c = credentials;
  const signer = c.signer ?? t('credentials.noName');
  return (
    <section className={styles.image} data-state={c.state} data-testid="credentials-image">
      {count > 1 && <h3>{t('credentials.image', { n })}</h3>}
      <p className={styles.state}>{t(`credentials.state.${c.state}`, { signer })}</p>
      <dl className={styles.facts}>
        <dt>{t('credentials.signer')}</dt>
        <dd>
          {signer}
          {c.state === 'untrusted' && ` (${t('credentials.unknownSigner')})`}
        </dd>
        {c.generator && (
          <>
            <dt>{t('credentials.tool')}</dt>
            <dd>{c.generator}</dd>
          </>
        )}
        {c.authors.length > 0 && (
          <>
            <dt>{t('credentials.author')}</dt>
            <dd>{c.authors.join(', ')}</dd>
          </>
        )}
        {c.actions.length > 0 && (
          <>
            <dt>{t('credentials.actions')}</dt>
            <dd>
              <ul className={styles.actions}>
                {c.actions.map((a, i) => (
                  // A manifest may list the same action twice: its place in the list is part of the key.
                  <li key={`${i} ${a.action}`}>
                    {NAMED_ACTIONS.includes(a.action) ? t(`credentials.action.${a.action.slice(5)}`) : a.action}
                    {a.agent && ` · ${a.agent}`}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>{t('credentials.ai')}</dt>
        <dd>{t(c.ai ? 'credentials.aiUsed' : 'credentials.aiNone')}</dd>
        {c.training && (
          <>
            <dt>{t('credentials.training')}</dt>
            <dd>{t(`credentials.trainingChoice.${c.training}`)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/**
 * Issue #35: the "Content Credentials" mark of the artwork overlay, shown when an image of the artwork carried a C2PA
 * manifest; it opens a panel saying who signed, with which tool, what was done, AI involvement and whether the image
 * changed after signing. What the server read at upload; nothing here is a permission.
 */
export function ContentCredentials({ artworkId }: { artworkId: number }) {
  const { t } = useTranslation('artworks');
  const { data } = useArtworkCredentials(artworkId);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const images = data?.images ?? [];
  if (!images.length) return null;
  const allValid = images.every((i) => i.credentials.state === 'valid');
  return (
    <div className={styles.box}>
      <button
        type="button"
        className={styles.mark}
        data-valid={allValid || undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="credentials-mark"
      >
        <span className={styles.cr} aria-hidden="true">
          {t('credentials.icon')}
        </span>
        {t('credentials.mark')}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open} role="region" aria-label={t('credentials.mark')} data-testid="credentials-panel">
        {open && images.map((image, i) => <Summary key={image.filename} credentials={image.credentials} n={i + 1} count={images.length} />)}
      </div>
    </div>
  );
}
