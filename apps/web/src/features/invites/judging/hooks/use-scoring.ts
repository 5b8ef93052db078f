import type { Criterion, JudgingItem } from '@axoo/contract';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../api/client.ts';
import { declareConflict, type JudgingQueue, judgingKeys, saveReview, saveScore, useQueue } from '../api/judging.ts';

const complete = (item: JudgingItem, criteria: Criterion[]) => criteria.length > 0 && criteria.every((c) => item.scores[String(c.id)] !== undefined);

/** The key a juror presses for a score: 1–9, and 0 for 10. */
export function scoreOfKey(key: string, scale: number): number | null {
  if (!/^[0-9]$/.test(key)) return null;
  const n = key === '0' ? 10 : Number(key);
  return n <= scale ? n : null;
}

/**
 * The scoring screen's state (issue #16): the whole queue, the submission in the URL (or the first one not yet
 * scored), the focused criterion, the comment being typed, saves and their errors, and the keys.
 */
export function useScoring(inviteId: number) {
  const { t } = useTranslation('judging');
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
    async <T>(work: Promise<T>) => {
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

  // Declaring goes through the conflicts resource (issue #33.3); withdrawing one is a review change.
  const toggleConflict = async () => {
    if (!item) return;
    let conflict = true;
    if (item.conflict) conflict = (await track(saveReview({ application: item.application, conflict: false }))).conflict;
    else await track(declareConflict({ application: item.application }));
    patch(item.application, (i) => ({ ...i, conflict }));
  };

  /** Issue #33.5: whether the applicant may read this comment once the organisers release feedback. */
  const toggleShareable = async () => {
    if (!item) return;
    await saveComment();
    const saved = await track(saveReview({ application: item.application, shareable: !item.shareable }));
    patch(item.application, (i) => ({ ...i, shareable: saved.shareable }));
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

  return {
    queue,
    loaded,
    items,
    item,
    index,
    criteria,
    scale,
    judged,
    scored,
    focus,
    setFocus,
    comment,
    setDraft,
    error,
    saving,
    panel,
    go,
    saveComment,
    score,
    toggleConflict,
    toggleShareable,
    onKeyDown,
  };
}

export type Scoring = ReturnType<typeof useScoring>;
