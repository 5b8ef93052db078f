import { useTranslation } from 'react-i18next';
import { type Artwork, type CurrentUser, useCurrentUser } from '../../site.ts';
import { useAccountOptOut, useArtworkOptOut } from './api/rights.ts';
import styles from './rights.module.css';

type ArtworkChoice = Pick<Artwork, 'id' | 'ai_opt_out' | 'ai_opt_out_setting' | 'author'>;

/** Issue #18: the artwork's AI-training choice as a badge, and for its author the switch that changes it. */
export function AiTrainingControl({ artwork }: { artwork: ArtworkChoice }) {
  const user = useCurrentUser();
  return (
    <div className={styles.control}>
      <AiTrainingBadge optOut={artwork.ai_opt_out} />
      {user && artwork.author?.id === user.id && <ArtworkOptOutSelect artwork={artwork} />}
    </div>
  );
}

export function AiTrainingBadge({ optOut }: { optOut: boolean }) {
  const { t } = useTranslation('rights');
  return (
    <span
      className={optOut ? `${styles.badge} ${styles.reserved}` : styles.badge}
      data-testid="ai-badge"
      data-opt-out={optOut}
      title={t(optOut ? 'badge.reservedHint' : 'badge.allowedHint')}
    >
      {t(optOut ? 'badge.reserved' : 'badge.allowed')}
    </span>
  );
}

const CHOICES = { account: null, reserve: true, allow: false } as const;
type Choice = keyof typeof CHOICES;
const choiceOf = (setting: boolean | null): Choice => (setting === null ? 'account' : setting ? 'reserve' : 'allow');

function ArtworkOptOutSelect({ artwork }: { artwork: ArtworkChoice }) {
  const { t } = useTranslation('rights');
  const mutation = useArtworkOptOut(artwork.id);
  const id = `ai-opt-out-${artwork.id}`;
  return (
    <span className={styles.select}>
      <label htmlFor={id}>{t('artwork.label')}</label>
      <select
        id={id}
        value={choiceOf(artwork.ai_opt_out_setting)}
        disabled={mutation.isPending}
        onChange={(e) => mutation.mutate(CHOICES[e.target.value as Choice])}
      >
        {(Object.keys(CHOICES) as Choice[]).map((c) => (
          <option key={c} value={c}>
            {t(`artwork.${c}`)}
          </option>
        ))}
      </select>
      {mutation.isError && (
        <span role="alert" className={styles.error}>
          {t('failed')}
        </span>
      )}
    </span>
  );
}

/** The account page's section: the opt-out every artwork follows unless it has its own choice. */
export function AccountAiTraining({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('rights');
  const mutation = useAccountOptOut(user.id);
  return (
    <section className={styles.section} aria-labelledby="ai-training-title">
      <h2 id="ai-training-title">{t('account.title')}</h2>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={user.ai_opt_out_default}
          disabled={mutation.isPending}
          onChange={(e) => mutation.mutate(e.target.checked)}
          data-testid="account-ai-opt-out"
        />
        <span>{t('account.label')}</span>
      </label>
      <p className={styles.hint}>{t('account.hint')}</p>
      {mutation.isError && (
        <p role="alert" className={styles.error}>
          {t('failed')}
        </p>
      )}
    </section>
  );
}
