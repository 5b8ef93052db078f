import { mediaSrcSet, mediaUrl, invitePath } from '@axoo/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../../api/client.ts';
import { FieldError } from '../../../../ui/FieldError.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { CriteriaScores } from '../components/CriteriaScores.tsx';
import styles from '../components/judging.module.css';
import { useScoring } from '../hooks/use-scoring.ts';

/**
 * The juror's scoring screen (issue #16), built for speed: one submission at a time with large images; ←/→ move,
 * ↑/↓ (or Tab) choose the criterion, 1–9/0 score it (saved at once, then the next criterion is focused), Enter
 * saves the comment and moves to the next submission. Progress reads "34 / 120 scored"; it opens on the first
 * submission not yet scored, so a juror picks up where they left. Nothing here names the artist (blind review).
 * The state and the keys are one hook (`useScoring`); the criteria and their score buttons a component.
 */
export default function ScoringPage() {
  const { t } = useTranslation('judging');
  const inviteId = Number(useParams().id);
  const scoring = useScoring(inviteId);
  const { queue, loaded, items, item, index, criteria, scale, judged, scored, focus, setFocus, comment, setDraft, error, saving, panel } = scoring;
  const { go, saveComment, score, toggleConflict, toggleShareable, onKeyDown } = scoring;

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
        {/* Issue #33.3: a tie to the artist or the work (follow, conversation, collection) is hinted, never named. */}
        {item.consider_conflict && !item.conflict && (
          <div className={styles.conflictNote} role="note" data-testid="consider-conflict">
            <p>{t('considerConflict')}</p>
            <button type="button" className="btn secondary small" onClick={() => void toggleConflict()} data-testid="declare-conflict">
              {t('declareConflict')}
            </button>
          </div>
        )}
        {item.conflict ? (
          <p className={styles.conflictNote} role="status">
            {t('conflictNote')}
          </p>
        ) : (
          <CriteriaScores
            item={item}
            criteria={criteria}
            scale={scale}
            focus={focus}
            onScore={(ci, c, n) => {
              setFocus(ci);
              void score(c, n);
            }}
          />
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
        <label className={styles.check}>
          <input type="checkbox" checked={item.shareable} onChange={() => void toggleShareable()} data-testid="shareable" />
          {t('shareable')}
        </label>
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
        <Link to={invitePath(inviteId)} className={styles.muted}>
          {t('backToCall')}
        </Link>
      </section>
    </div>
  );
}
