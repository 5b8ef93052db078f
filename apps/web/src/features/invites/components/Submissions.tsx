import { CARD_SIZES, CARD_WIDTH, CARD_WIDTHS, COVER_RATIO, DATE_YEAR_MAX, DATE_YEAR_MIN, mediaUrl, mediaWidthSrcSet } from '@axoo/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useLocalName, useSite } from '../../../site.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useSentinel } from '../../../ui/use-sentinel.ts';
import { ArtworkCard } from '../../../kit/components/ArtworkCard.tsx';
import {
  type DeletedSubmission,
  NO_FILTERS,
  type Submission,
  type SubmissionFilters,
  useInviteArtworks,
  useQuestions,
  useToggleSelected,
} from '../api/invites.ts';
import cardStyles from '../../../kit/components/ArtworkCard.module.css';
import styles from './invites.module.css';

/** The years the server takes for the date filters (contract). */
const dayBounds = { min: `${DATE_YEAR_MIN}-01-01`, max: `${DATE_YEAR_MAX}-12-31` };

/** The owner's filters over the submissions (issue #19): selection, category, submission dates, order. */
function FilterBar({ value, onChange }: { value: SubmissionFilters; onChange: (next: SubmissionFilters) => void }) {
  const { t } = useTranslation('invites');
  const site = useSite();
  const name = useLocalName();
  const set = <K extends keyof SubmissionFilters>(key: K, v: SubmissionFilters[K]) => onChange({ ...value, [key]: v });
  return (
    <fieldset className={styles.filters} data-testid="submission-filters">
      <legend className="visually-hidden">{t('filters.legend')}</legend>
      <label>
        <span>{t('filters.selection')}</span>
        <select value={value.selection} onChange={(e) => set('selection', e.target.value as SubmissionFilters['selection'])}>
          <option value="">{t('filters.all')}</option>
          <option value="selected">{t('filters.selected')}</option>
          <option value="unselected">{t('filters.unselected')}</option>
        </select>
      </label>
      <label>
        <span>{t('filters.category')}</span>
        <select value={value.category} onChange={(e) => set('category', e.target.value)}>
          <option value="">{t('filters.all')}</option>
          {site.categories.map((c) => (
            <option key={c.id} value={c.category}>
              {name(c)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('filters.from')}</span>
        <input type="date" {...dayBounds} value={value.submitted_from} onChange={(e) => set('submitted_from', e.target.value)} />
      </label>
      <label>
        <span>{t('filters.until')}</span>
        <input type="date" {...dayBounds} value={value.submitted_until} onChange={(e) => set('submitted_until', e.target.value)} />
      </label>
      <label>
        <span>{t('filters.ordering')}</span>
        <select value={value.ordering} onChange={(e) => set('ordering', e.target.value as SubmissionFilters['ordering'])}>
          <option value="newest">{t('filters.newest')}</option>
          <option value="oldest">{t('filters.oldest')}</option>
        </select>
      </label>
    </fieldset>
  );
}

/** Owner and staff's controls on a card: the not-public or deleted badge, the selection toggle, the answers. */
function EntryActions({ item, questionText, onToggle }: { item: Submission; questionText: Map<number, string>; onToggle: (item: Submission) => void }) {
  const { t } = useTranslation('invites');
  return (
    <div className={styles.cardActions}>
      {item.id === null ? (
        // The artist deleted the project after applying: the entry is kept as it was sent (issue #29).
        <span className={`${styles.badge} ${styles.status_review}`} data-testid="project-deleted">
          {t('projectDeleted')}
        </span>
      ) : (
        !item.visible && (
          // The entry is the call's whatever the artist's membership; the owner is told it is not public (issue #19).
          <span className={`${styles.badge} ${styles.status_review}`} data-testid="not-public">
            {t('notPublic')}
          </span>
        )
      )}
      {item.application.late && (
        <span className={`${styles.badge} ${styles.status_examination}`} data-testid="late-entry">
          {t('fair.late')}
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
  );
}

/** The card of an entry whose project was deleted (issue #29): its frozen cover and title, nothing to open. */
function DeletedEntryCard({ item, priority, actions }: { item: DeletedSubmission; priority: boolean; actions: ReactNode }) {
  const cover = item.cropped_cover || item.cover;
  return (
    <article className={cardStyles.card} data-testid="artwork-card" data-application-id={item.application.id}>
      <div className={cardStyles.cover} style={{ backgroundColor: item.background_color, aspectRatio: '240 / 167' }}>
        {cover && (
          <img
            src={mediaUrl(cover, CARD_WIDTH)}
            srcSet={mediaWidthSrcSet(cover, CARD_WIDTHS)}
            sizes={CARD_SIZES}
            alt={item.title}
            width={CARD_WIDTH}
            height={Math.round(CARD_WIDTH / COVER_RATIO)}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
      </div>
      <div className={cardStyles.meta}>
        <div className={cardStyles.line}>{item.categories[0] && <span className={cardStyles.category}>{item.categories[0].name}</span>}</div>
        <h3 className={cardStyles.title}>{item.title}</h3>
        <div className={cardStyles.actions}>{actions}</div>
      </div>
    </article>
  );
}

/**
 * SPEC §2 SELECTED and SUBMISSIONS tabs, scrolling through every entry (issue #19) with the count; the owner and
 * staff filter and toggle selected on each card (SPEC §4). In the selected-only list an unselected card leaves the
 * view at once, the artwork stays. An entry whose project was deleted stays, frozen and marked (issue #29).
 */
export function Submissions({ inviteId, selectedOnly, canSelect }: { inviteId: number; selectedOnly: boolean; canSelect: boolean }) {
  const { t } = useTranslation('invites');
  const [filters, setFilters] = useState<SubmissionFilters>(NO_FILTERS);
  const list = useInviteArtworks(inviteId, selectedOnly, canSelect ? filters : NO_FILTERS);
  const toggle = useToggleSelected(inviteId);
  const questions = useQuestions(inviteId);
  const questionText = new Map((questions.data ?? []).map((q) => [q.id, q.question]));
  const sentinel = useSentinel(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, Boolean(list.hasNextPage));

  const onToggle = (item: Submission) => toggle.mutate({ application: item.application.id, selected: !item.application.selected });

  const items = (list.data?.pages ?? []).flatMap((p) => p.results).filter((a) => !selectedOnly || a.application.selected);
  const count = list.data?.pages[0]?.count ?? 0;
  return (
    <div>
      {canSelect && <FilterBar value={filters} onChange={setFilters} />}
      {/* A filter the server refused (a date outside its years) says why, in the interface's language. */}
      {list.error instanceof ApiError && list.error.status === 400 && (
        <p className="form-error" role="alert" data-testid="filters-error">
          {Object.values(list.error.fields).flat().join(' ') || list.error.detail}
        </p>
      )}
      {list.isPending ? (
        <Spinner />
      ) : !items.length ? (
        <p className="empty">{selectedOnly ? t('noSelected') : t('noSubmissions')}</p>
      ) : (
        <>
          <p className={styles.count} data-testid="submission-count">
            {t('entries', { count })}
          </p>
          <div className={styles.submissionGrid} data-testid={selectedOnly ? 'selected-list' : 'submission-list'}>
            {items.map((item, i) => {
              const actions = canSelect && <EntryActions item={item} questionText={questionText} onToggle={onToggle} />;
              return item.id === null ? (
                <DeletedEntryCard key={item.application.id} item={item} priority={i < 4} actions={actions} />
              ) : (
                <ArtworkCard key={item.application.id} artwork={item} priority={i < 4} actions={actions} />
              );
            })}
          </div>
          {list.isFetchingNextPage && <Spinner />}
          <div ref={sentinel} className={styles.sentinel} />
        </>
      )}
    </div>
  );
}
