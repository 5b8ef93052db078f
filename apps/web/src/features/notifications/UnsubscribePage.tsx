import { MAIL_NOTICE_TYPES } from '@axoo/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../ui/Spinner.tsx';
import { unsubscribe } from './api/notifications.ts';
import styles from './components/Notifications.module.css';

/** The digest's one-click unsubscribe (issue #17): no login; the signed link names the user and the type. */
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const [params] = useSearchParams();
  const [answer, setAnswer] = useState<'working' | 'done' | 'invalid'>('working');
  const type = params.get('type') ?? '';
  const body = { user: Number(params.get('u')), type, token: params.get('t') ?? '' };
  // A link cut short (a mail client that wrapped it) is invalid on its face: no request, the same clear message.
  const whole = Number.isSafeInteger(body.user) && body.user > 0 && (type === 'all' || MAIL_NOTICE_TYPES.some((m) => m === type)) && body.token !== '';
  const sent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, for the link the page was opened with.
  useEffect(() => {
    if (sent.current || !whole) return;
    sent.current = true;
    unsubscribe(body).then(
      () => setAnswer('done'),
      () => setAnswer('invalid'),
    );
  }, []);
  const state = whole ? answer : 'invalid';
  return (
    <div className={`page ${styles.page}`} data-testid="notifications-unsubscribe">
      <h1 className={styles.pageTitle}>{t('unsubscribe.title')}</h1>
      {state === 'working' && <Spinner />}
      {state === 'done' && (
        <p className="form-success" role="status">
          {type === 'all' ? t('unsubscribe.doneAll') : t('unsubscribe.done', { type: t(`mailTypes.${type}`) })}
        </p>
      )}
      {state === 'invalid' && (
        <p className="form-error" role="alert">
          {t('unsubscribe.invalid')}
        </p>
      )}
      <Link to="/accounts/" className="btn secondary">
        {t('unsubscribe.manage')}
      </Link>
    </div>
  );
}
