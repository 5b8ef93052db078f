import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../../api/paging.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ArtworkCard } from '../../artworks/components/ArtworkCard.tsx';
import { inviteKeys, type Submission, useInviteArtworks, useQuestions, useToggleSelected } from '../api/invites.ts';
import styles from './invites.module.css';

/**
 * SPEC §2 SELECTED and SUBMISSIONS tabs. Owner and staff toggle selected on each card (SPEC §4);
 * in the selected-only list an unselected card leaves the view at once, the artwork stays.
 */
export function Submissions({ inviteId, selectedOnly, canSelect }: { inviteId: number; selectedOnly: boolean; canSelect: boolean }) {
  const { t } = useTranslation('invites');
  const client = useQueryClient();
  const { data, isPending } = useInviteArtworks(inviteId, selectedOnly, true);
  const toggle = useToggleSelected(inviteId);
  const questions = useQuestions(inviteId);
  const questionText = new Map((questions.data ?? []).map((q) => [q.id, q.question]));

  const onToggle = (item: Submission) => {
    const selected = !item.application.selected;
    // Show the change right away in both lists; the refetch after the answer confirms it.
    for (const only of [true, false]) {
      client.setQueryData<Paged<Submission>>(inviteKeys.artworks(inviteId, only), (old) => {
        if (!old) return old;
        const results = old.results
          .map((a) => (a.application.id === item.application.id ? { ...a, application: { ...a.application, selected } } : a))
          .filter((a) => !only || a.application.selected);
        return { ...old, results, count: old.count - (old.results.length - results.length) };
      });
    }
    toggle.mutate({ application: item.application.id, selected });
  };

  if (isPending) return <Spinner />;
  const items = data?.results ?? [];
  if (!items.length) return <p className="empty">{selectedOnly ? t('noSelected') : t('noSubmissions')}</p>;
  return (
    <div className={styles.submissionGrid} data-testid={selectedOnly ? 'selected-list' : 'submission-list'}>
      {items.map((item, i) => (
        <ArtworkCard
          key={item.application.id}
          artwork={item}
          priority={i < 4}
          actions={
            canSelect && (
              <div className={styles.cardActions}>
                {!item.visible && (
                  // The entry is the call's whatever the artist's membership; the owner is told it is not public (issue #19).
                  <span className={`${styles.badge} ${styles.status_review}`} data-testid="not-public">
                    {t('notPublic')}
                  </span>
                )}
                <button
                  type="button"
                  className={`btn small ${item.application.selected ? '' : 'secondary'}`}
                  aria-pressed={item.application.selected}
                  onClick={() => onToggle(item)}
                  data-testid="select-toggle"
                >
                  {item.application.selected ? `✓ ${t('selected')}` : t('select')}
                </button>
                {item.application.answers && item.application.answers.length > 0 && (
                  // Owner and staff read the applicant's answers beside the work (SPEC §3 Answer).
                  <details className={styles.answers}>
                    <summary>{t('answers', { count: item.application.answers.length })}</summary>
                    <dl>
                      {item.application.answers.map((a) => (
                        <div key={a.id}>
                          <dt>{questionText.get(a.question) ?? ''}</dt>
                          <dd>{a.answer}</dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                )}
              </div>
            )
          }
        />
      ))}
    </div>
  );
}
