import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../ui/Spinner.tsx';
import { unsubscribe } from './api/notifications.ts';
import styles from './components/Notifications.module.css';

/** The digest's one-click unsubscribe (issue #17): no login; the signed link names the user and the type. */
export default function UnsubscribePage() {
  const { t } = useTranslation('follows');
  const [params] = useSearchParams();
  const [state, setState] = useState<'working' | 'done' | 'invalid'>('working');
  const type = params.get('type') ?? '';
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    unsubscribe({ user: Number(params.get('u')), type, token: params.get('t') ?? '' }).then(
      () => setState('done'),
      () => setState('invalid'),
    );
  }, [params, type]);
  return (
    <div className={`page ${styles.page}`} data-testid="notifications-unsubscribe">
      <h1 className={styles.pageTitle}>{t('notifications.unsubscribe.title')}</h1>
      {state === 'working' && <Spinner />}
      {state === 'done' && (
        <p className="form-success" role="status">
          {type === 'all' ? t('notifications.unsubscribe.doneAll') : t('notifications.unsubscribe.done', { type: t(`notifications.mailTypes.${type}`) })}
        </p>
      )}
      {state === 'invalid' && (
        <p className="form-error" role="alert">
          {t('notifications.unsubscribe.invalid')}
        </p>
      )}
      <Link to="/accounts/" className="btn secondary">
        {t('notifications.unsubscribe.manage')}
      </Link>
    </div>
  );
}
