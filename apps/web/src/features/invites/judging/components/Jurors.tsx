import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusInvalid } from '../../../../kit/focus-invalid.ts';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { fieldControl } from '../../../../ui/FormField.tsx';
import { type Judging, useInviteJuror, useRemoveJuror } from '../api/judging.ts';
import { fieldsOf } from './api-errors.ts';
import styles from './judging.module.css';

/** Inviting jurors by email, and the jurors with their status and progress. */
export function Jurors({ judging }: { judging: Judging }) {
  const { t } = useTranslation('judging');
  const [email, setEmail] = useState('');
  const invite = useInviteJuror(judging.invite, () => setEmail(''));
  const remove = useRemoveJuror(judging.invite);
  const errors = fieldsOf(invite.error);
  const { ref: formRef, focusInvalid } = useFocusInvalid();
  return (
    <section className={styles.section} aria-labelledby="jurors-title">
      <h2 id="jurors-title">{t('jurors.title')}</h2>
      <form
        ref={formRef}
        className={styles.inline}
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate(email, { onError: focusInvalid });
        }}
      >
        <label htmlFor="juror-email" className="visually-hidden">
          {t('jurors.email')}
        </label>
        <input
          {...fieldControl('juror-email', errors.email)}
          type="email"
          value={email}
          placeholder={t('jurors.email')}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
        <button type="submit" className="btn small" disabled={invite.isPending} data-testid="invite-juror">
          {t('jurors.invite')}
        </button>
      </form>
      <FieldError for="juror-email" messages={errors.email} />
      {invite.isSuccess && <p role="status">{t('jurors.sent')}</p>}
      <ul className={styles.list} data-testid="jurors">
        {judging.jurors.map((j) => (
          <li key={j.id} className={`${styles.row} ${j.status === 'removed' ? styles.removed : ''}`}>
            <span className={styles.grow}>
              <strong>{j.name ?? j.email}</strong> <span className={styles.muted}>{j.email}</span>
            </span>
            <span className={styles.badge}>{t(`jurors.status.${j.status}`)}</span>
            <span className={styles.muted}>{t('progress', { scored: j.scored, total: j.total })}</span>
            {j.status !== 'removed' && (
              <button
                type="button"
                className="btn secondary small"
                onClick={() => remove.mutate(j.id)}
                aria-label={t('jurors.remove', { name: j.name ?? j.email })}
              >
                {t('remove')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
