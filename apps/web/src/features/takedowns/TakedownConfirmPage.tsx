import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { confirmTakedown } from './api/takedowns.ts';
import styles from './takedowns.module.css';

/**
 * `/about/takedown/confirm/?n=&t=` (issue #31): the mailed link's page. Its script confirms (a GET never acts: mail
 * scanners open links); a link cut short is invalid on its face, with no request.
 */
export default function TakedownConfirmPage() {
  const { t } = useTranslation('takedowns');
  const [params] = useSearchParams();
  const id = Number(params.get('n'));
  const token = params.get('t') ?? '';
  const valid = Number.isInteger(id) && id > 0 && token.length > 0;
  const [state, setState] = useState<'working' | 'done' | 'invalid'>(valid ? 'working' : 'invalid');
  useEffect(() => {
    if (!valid) return;
    let live = true;
    confirmTakedown(id, token).then(
      () => live && setState('done'),
      () => live && setState('invalid'),
    );
    return () => {
      live = false;
    };
  }, [id, token, valid]);
  return (
    <div className={styles.page} data-testid="takedown-confirm">
      <h1>{t('confirm.title')}</h1>
      {state === 'working' && <p role="status">{t('confirm.working')}</p>}
      {state === 'done' && (
        <p className="form-success" role="status" data-testid="takedown-confirmed">
          {t('confirm.done')}
        </p>
      )}
      {state === 'invalid' && (
        <p className="form-error" role="alert">
          {t('confirm.invalid')}
        </p>
      )}
      <p>
        <Link to="/about/takedown/">{t('confirm.back')}</Link>
      </p>
    </div>
  );
}
