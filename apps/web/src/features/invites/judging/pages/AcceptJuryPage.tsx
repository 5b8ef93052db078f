import { invitePath } from '@axoo/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../../api/client.ts';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { acceptJury } from '../api/judging.ts';
import styles from '../components/judging.module.css';

/**
 * Where the mailed invitation leads (issue #16), behind the login guard: a logged-out person logs in or signs up
 * and comes back here; accepting links the invitation to this account and opens the scoring screen.
 */
export default function AcceptJuryPage() {
  const { t } = useTranslation('judging');
  const inviteId = Number(useParams().id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const juror = Number(params.get('juror'));
  const token = params.get('token') ?? '';
  const accept = useMutation({
    mutationFn: () => acceptJury(juror, token),
    onSuccess: (r) => navigate(`/goodluck/${r.invite}/jury/`),
  });
  const error =
    accept.error instanceof ApiError ? (accept.error.fields.token ?? accept.error.detail ?? t('saveFailed')) : accept.error ? t('saveFailed') : null;
  return (
    <section className={`page ${styles.narrow}`}>
      <h1>{t('accept.title')}</h1>
      <p>{t('accept.text')}</p>
      <FieldError messages={error} />
      <div className={styles.nav}>
        <Link to={invitePath(inviteId)} className="btn secondary">
          {t('accept.later')}
        </Link>
        <button type="button" className="btn" disabled={accept.isPending || !juror || !token} onClick={() => accept.mutate()} data-testid="accept-jury">
          {t('accept.button')}
        </button>
      </div>
    </section>
  );
}
