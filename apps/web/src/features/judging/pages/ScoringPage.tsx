import { type Criterion, type JudgingItem, mediaSrcSet, mediaUrl } from '@axoo/contract';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { type JudgingQueue, judgingKeys, saveReview, saveScore, useQueue } from '../api/judging.ts';
import styles from '../components/judging.module.css';

const complete = (item: JudgingItem, criteria: Criterion[]) => criteria.length > 0 && criteria.every((c) => item.scores[String(c.id)] !== undefined);

/** The key a juror presses for a score: 1–9, and 0 for 10. */
export function scoreOfKey(key: string, scale: number): number | null {
  if (!/^[0-9]$/.test(key)) return null;
  const n = key === '0' ? 10 : Number(key);
  return n <= scale ? n : null;
}

/**
 * The juror's scoring screen (issue #16), built for speed: one submission at a time with large images; ←/→ move,
 * ↑/↓ (or Tab) choose the criterion, 1–9/0 score it (saved at once, then the next criterion is focused), Enter
 * saves the comment and moves to the next submission. Progress reads "34 / 120 scored"; it opens on the first
 * submission not yet scored, so a juror picks up where they left. Nothing here names the artist (blind review).
 */
export default function ScoringPage() {
  const { t } = useTranslation('judging');
  const inviteId = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const queue = useQueue(inviteId);
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = queue;
  // Load the whole queue (pages of 50): moving and the progress need every submission.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const first = queue.data?.pages[0];
  const criteria = first?.criteria ?? [];
  const scale = first?.scale ?? 10;
  const items = useMemo(() => (queue.data?.pages ?? []).flatMap((p) => p.results), [queue.data]);
  const judged = items.filter((i) => !i.conflict);
  const scored = judged.filter((i) => complete(i, criteria)).length;

  const asked = Number(params.get('item'));
  const loaded = queue.isSuccess && !hasNextPage;
  // Resumable: without a submission in the URL, open the first one not yet scored (once the whole queue is here).
  useEffect(() => {
    if (!loaded || asked || !items.length) return;
    const resumeAt = items.findIndex((i) => !i.conflict && !complete(i, criteria));
    setParams({ item: String(items[Math.max(0, resumeAt)].application) }, { replace: true });
  }, [loaded, asked, items, criteria, setParams]);
  const index = Math.max(
    0,
    items.findIndex((i) => i.application === asked),
  );
  const item = loaded && asked ? items[index] : undefined;
  const [focus, setFocus] = useState(0);
  // The comment being typed, with the submission it belongs to (a blur after moving on must not save it elsewhere).
  const [draft, setDraft] = useState<{ application: number; text: string } | null>(null);
  const comment = draft && draft.application === item?.application ? draft.text : (item?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(0);
  const panel = useRef<HTMLElement>(null);

  // A new submission: its comment, the first criterion not yet scored, the keys on the panel. Before the browser
  // paints it (a layout effect): a key pressed the moment the next submission shows must score that submission's
  // first open criterion, not the one focused on the last, and must not be lost on a page that has no focus yet.
  const current = item?.application;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the submission changes
  useLayoutEffect(() => {
    if (!item) return;
    setDraft({ application: item.application, text: item.comment });
    setError(null);
    const open = criteria.findIndex((c) => item.scores[String(c.id)] === undefined);
    setFocus(open >= 0 ? open : 0);
    // The keys go to the panel, but the eyes to the work: on a phone the panel is below the images, so the page
    // shows the new submission from its top rather than scrolling to the panel.
    panel.current?.focus({ preventScroll: true });
    if (window.scrollY > 0) window.scrollTo(0, 0);
  }, [current]);

  /** Patches one submission of the cached queue (the answer of a save), never refetching the whole queue. */
  const patch = useCallback(
    (application: number, change: (i: JudgingItem) => JudgingItem) =>
      client.setQueryData<InfiniteData<JudgingQueue>>(judgingKeys.queue(inviteId), (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, results: p.results.map((i) => (i.application === application ? change(i) : i)) })) } : data,
      ),
    [client, inviteId],
  );

  const track = useCallback(
    async <T,>(work: Promise<T>) => {
      setSaving((n) => n + 1);
      try {
        return await work;
      } catch (e) {
        setError(e instanceof ApiError ? (Object.values(e.fields)[0]?.[0] ?? e.detail ?? t('saveFailed')) : t('saveFailed'));
        throw e;
      } finally {
        setSaving((n) => n - 1);
      }
    },
    [t],
  );

  const go = useCallback(
    (to: number) => {
      const next = items[Math.min(items.length - 1, Math.max(0, to))];
      if (next) setParams({ item: String(next.application) }, { replace: true });
    },
    [items, setParams],
  );

  // The comment sent last (Enter and the blur that follows it must not send it twice).
  const sent = useRef('');
  const saveComment = useCallback(async () => {
    const key = `${item?.application}:${comment}`;
    if (!item || draft?.application !== item.application || comment === item.comment || sent.current === key) return;
    sent.current = key;
    const saved = await track(saveReview({ application: item.application, comment }));
    patch(item.application, (i) => ({ ...i, comment: saved.comment }));
  }, [item, draft, comment, track, patch]);

  const score = useCallback(
    async (criterion: Criterion, value: number) => {
      if (!item || item.conflict) return;
      patch(item.application, (i) => ({ ...i, scores: { ...i.scores, [String(criterion.id)]: value } }));
      setFocus((f) => Math.min(criteria.length - 1, f + 1));
      await track(saveScore({ application: item.application, criterion: criterion.id, score: value })).catch(() =>
        patch(item.application, (i) => {
          const { [String(criterion.id)]: _, ...rest } = i.scores;
          return { ...i, scores: rest };
        }),
      );
    },
    [item, criteria.length, patch, track],
  );

  const toggleConflict = async () => {
    if (!item) return;
    const saved = await track(saveReview({ application: item.application, conflict: !item.conflict }));
    patch(item.application, (i) => ({ ...i, conflict: saved.conflict }));
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!item) return;
    const typing = e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement;
    if (typing) {
      if (e.key === 'Escape') panel.current?.focus();
      if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        void saveComment().then(() => go(index + 1));
      }
      return;
    }
    if (e.altKey || e.metaKey || e.ctrlKey) return;
    const value = scoreOfKey(e.key, scale);
    if (value !== null && criteria[focus]) {
      e.preventDefault();
      void score(criteria[focus], value);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      void saveComment().then(() => go(index + 1));
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      void saveComment().then(() => go(index - 1));
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      setFocus((f) => Math.min(criteria.length - 1, f + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setFocus((f) => Math.max(0, f - 1));
    } else if (e.key === 'Enter' && e.target === panel.current) {
      e.preventDefault();
      void saveComment().then(() => go(index + 1));
    }
  };

  if (queue.isError) {
    const e = queue.error;
    return (
      <section className="page">
        <h1 className="visually-hidden">{t('scoringTitle')}</h1>
        <p className="empty" role="alert" data-testid="judging-closed">
          {e instanceof ApiError && e.detail ? e.detail : t('loadFailed')}
        </p>
      </section>
    );
  }
  if (!loaded || (items.length && !item)) return <Spinner />;
  if (!item)
    return (
      <section className="page">
        <h1 className="visually-hidden">{t('scoringTitle')}</h1>
        <p className="empty">{t('queueEmpty')}</p>
      </section>
    );

  const images = item.snapshot.images.length ? item.snapshot.images : [item.snapshot.cover].filter(Boolean);
  const keys = Array.from({ length: scale }, (_, i) => i + 1);
  return (
    <div className={styles.scoring} onKeyDown={onKeyDown} data-testid="scoring">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the images scroll by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className={styles.viewer} style={{ background: item.snapshot.background_color }} tabIndex={0} aria-label={t('viewerLabel')}>
        {images.map((key, i) => (
          <img
            key={key}
            src={mediaUrl(key, 1400)}
            srcSet={mediaSrcSet(key, 1400)}
            alt={t('imageAlt', { n: i + 1, count: images.length, title: item.snapshot.title })}
            loading={i === 0 ? 'eager' : 'lazy'}
            className={styles.viewerImage}
          />
        ))}
      </section>
      <section className={styles.side} ref={panel} tabIndex={-1} aria-label={t('panelLabel')} data-testid="scoring-panel">
        <div className={styles.progressRow}>
          <p className={styles.progress} data-testid="progress" aria-live="polite">
            {t('progress', { scored, total: judged.length })}
          </p>
          <p className={styles.position}>{t('position', { n: index + 1, count: items.length })}</p>
        </div>
        <progress className={styles.bar} max={Math.max(1, judged.length)} value={scored} aria-label={t('progressLabel')} />
        <h1 className={styles.itemTitle} data-testid="item-title">
          {item.snapshot.title}
        </h1>
        {item.artist && <p className={styles.muted}>{t('byArtist', { name: item.artist.name })}</p>}
        <p className={styles.muted}>{[...item.snapshot.categories.map((c) => c.name), ...item.snapshot.fields.map((f) => f.name)].join(' · ')}</p>
        {item.conflict ? (
          <p className={styles.conflictNote} role="status">
            {t('conflictNote')}
          </p>
        ) : (
          <ol className={styles.criteria}>
            {criteria.map((c, ci) => (
              <li key={c.id} className={`${styles.criterion} ${ci === focus ? styles.criterionFocus : ''}`} data-testid="criterion" aria-current={ci === focus}>
                <div className={styles.criterionHead}>
                  <span className={styles.criterionName} id={`criterion-${c.id}`}>
                    {c.name}
                  </span>
                  <span className={styles.muted}>{t('weight', { weight: c.weight })}</span>
                </div>
                {c.description && <p className={styles.criterionText}>{c.description}</p>}
                <div className={styles.scores} role="group" aria-labelledby={`criterion-${c.id}`}>
                  {keys.map((n) => {
                    const on = item.scores[String(c.id)] === n;
                    return (
                      <button
                        key={n}
                        type="button"
                        className={`${styles.score} ${on ? styles.scoreOn : ''}`}
                        aria-pressed={on}
                        aria-label={t('scoreLabel', { criterion: c.name, score: n })}
                        onClick={() => {
                          setFocus(ci);
                          void score(c, n);
                        }}
                      >
                        {n}
                      </button>
                    );
                  })}
                </div>
              </li>
            ))}
          </ol>
        )}
        <label className={styles.label} htmlFor="juror-comment">
          {t('comment')}
        </label>
        <textarea
          id="juror-comment"
          className={styles.comment}
          value={comment}
          maxLength={2000}
          rows={3}
          onChange={(e) => setDraft({ application: item.application, text: e.target.value })}
          onBlur={() => void saveComment()}
          placeholder={t('commentHint')}
        />
        <FieldError messages={error} />
        <label className={styles.check}>
          <input type="checkbox" checked={item.conflict} onChange={() => void toggleConflict()} data-testid="conflict" />
          {t('conflict')}
        </label>
        {item.answers.length > 0 && (
          <dl className={styles.answers}>
            {item.answers.map((a) => (
              <div key={a.question}>
                <dt>{a.question}</dt>
                <dd>{a.answer}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className={styles.nav}>
          <button type="button" className="btn secondary small" disabled={index === 0} onClick={() => void saveComment().then(() => go(index - 1))}>
            {t('previous')}
          </button>
          <span className={styles.muted} aria-live="polite">
            {saving > 0 ? t('saving') : t('saved')}
          </span>
          <button
            type="button"
            className="btn small"
            disabled={index >= items.length - 1}
            onClick={() => void saveComment().then(() => go(index + 1))}
            data-testid="next"
          >
            {t('next')}
          </button>
        </div>
        <p className={styles.keys}>{t('keys')}</p>
        <Link to={`/goodluck/${inviteId}/`} className={styles.muted}>
          {t('backToCall')}
        </Link>
      </section>
    </div>
  );
}
