import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../ui/Spinner.tsx';
import { unsubscribeWithToken } from '../api/invites.ts';
import styles from '../components/invites.module.css';

/** The page a subscriber's mail links to (issue #19): one click ends that call's mails, no login needed. */
export default function UnsubscribePage() {
  const { t } = useTranslation('invites');
  const [params] = useSearchParams();
  const body = { user: Number(params.get('u')), invite: Number(params.get('i')), token: params.get('t') ?? '' };
  // A link cut short (a mail client that wrapped it) is invalid on its face: no request, the same clear message.
  const whole = Number.isSafeInteger(body.user) && body.user > 0 && Number.isSafeInteger(body.invite) && body.invite > 0 && body.token !== '';
  const { mutate, data, isError: refused, isIdle } = useMutation({ mutationFn: () => unsubscribeWithToken(body) });
  const isError = refused || !whole;
  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, for the link the page was opened with.
  useEffect(() => {
    if (whole) mutate();
  }, []);
  return (
    <section className={`page narrow ${styles.ownPage}`} data-testid="unsubscribe">
      <h1>{t('unsubscribePage.title')}</h1>
      {!isError && (isIdle || !data) ? (
        <Spinner />
      ) : isError ? (
        <p className="form-error" role="alert">
          {t('unsubscribePage.invalid')}
        </p>
      ) : (
        <p className="form-success" role="status">
          {data?.title ? t('unsubscribePage.done', { title: data.title }) : t('unsubscribePage.doneAny')}
        </p>
      )}
      <Link to="/goodluck/" className="btn secondary">
        {t('unsubscribePage.back')}
      </Link>
    </section>
  );
}
