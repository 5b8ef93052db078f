import { useTranslation } from 'react-i18next';
import { decideHold, useAdminHolds } from '../api/takedowns.ts';
import { ImagePair } from '../components/ImagePair.tsx';
import styles from '../takedowns.module.css';
import { Decide } from './Decide.tsx';
import { StaffList } from './StaffList.tsx';

/** The console's repost holds (issue #31): both images side by side, the uploader's explanation, release or remove. */
export default function HoldsAdmin() {
  const { t } = useTranslation('takedowns');
  return (
    <StaffList
      name="holds"
      title={t('admin.holds')}
      statuses={['held', 'released']}
      useList={useAdminHolds}
      row={(hold) => (
        <article key={hold.id} className={styles.card} data-testid="hold-row">
          <h3>{t('hold.staffLead', { title: hold.artwork.title, name: hold.artwork.author.name })}</h3>
          {hold.matches.map((m) => (
            <ImagePair key={m.original.id} hold={hold} match={m} />
          ))}
          <p className={styles.meta}>{t('admin.explanation')}</p>
          <p className={styles.quote}>{hold.explanation || t('admin.noExplanation')}</p>
          {hold.status === 'held' && (
            <Decide
              id={`hold-${hold.id}`}
              invalidate={['holds']}
              act={(decision, note) => decideHold(hold.id, decision, note)}
              choices={[
                { value: 'release', label: t('admin.release') },
                { value: 'remove', label: t('admin.remove'), danger: true },
              ]}
            />
          )}
        </article>
      )}
    />
  );
}
