import { mediaUrl } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '../../api/client.ts';
import { type Artwork, type CurrentUser, useCurrentUser, useSetCurrentUser } from '../../site.ts';
import styles from './Rating.module.css';

/**
 * Issue #31: what the overlay shows instead of a mature work to a viewer who has not opted in: the server's blurred
 * cover and one question. A guest is asked to log in; a member is asked once whether to see mature work, which turns on
 * `show_mature` for the account (the account page turns it off again) and reloads the artwork as it is. Loaded only
 * for such a work (ArtworkOverlay), with its texts (`on-demand/mature.json`): most pages never show it.
 */
export default function MatureNotice({ artwork }: { artwork: Pick<Artwork, 'cover' | 'title'> }) {
  const { t } = useTranslation('mature');
  const user = useCurrentUser();
  const setUser = useSetCurrentUser();
  const client = useQueryClient();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const optIn = async (viewer: CurrentUser) => {
    setBusy(true);
    setFailed(false);
    try {
      setUser(await api<CurrentUser>(`/api/v1/users/${viewer.id}/`, { method: 'PUT', body: { show_mature: true } }));
      await client.invalidateQueries({ queryKey: ['artworks'] });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.notice} data-testid="mature-notice">
      {artwork.cover && <img className={styles.blurred} src={mediaUrl(artwork.cover, 960)} alt={t('blurredAlt', { title: artwork.title })} />}
      <div className={styles.ask} role="group" aria-labelledby="mature-notice-title">
        <p id="mature-notice-title" className={styles.askTitle}>
          {t('noticeTitle')}
        </p>
        {user ? (
          <>
            <p>{t('noticeMember')}</p>
            <button type="button" className="btn" disabled={busy} onClick={() => void optIn(user)} data-testid="mature-opt-in">
              {t('show')}
            </button>
            {failed && <p role="alert">{t('failed')}</p>}
          </>
        ) : (
          <>
            <p>{t('noticeGuest')}</p>
            <Link className="btn" to={`/login/?next=${encodeURIComponent(location.pathname)}`} data-testid="mature-login">
              {t('login')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
