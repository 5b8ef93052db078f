import { invitePath } from '@axoo/contract';
import { ANSWER_MAX, AVATAR_WIDTH, mediaUrl } from '@axoo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { artworkQuery } from '../../../kit/api/artworks.ts';
import { createApplication, useInvite, useQuestions } from '../api/invites.ts';
import styles from '../components/invites.module.css';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';

/**
 * SPEC §2 application flow step 3: one textarea per question (250 max with a counter), the agreement
 * checkbox that enables Submit, and Cancel. The application and answers are saved in one request.
 */
export default function InviteApplicationPage() {
  const { t } = useTranslation('invites');
  const navigate = useNavigate();
  const params = useParams();
  const inviteId = Number(params.inviteId);
  const artworkId = Number(params.artworkId);
  const invite = useInvite(inviteId);
  const questions = useQuestions(inviteId);
  const artwork = useQuery(artworkQuery(artworkId));
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  if (invite.isPending || questions.isPending) return <Spinner />;
  // The page's heading says what there is (one h1 on every page, issue #21).
  if (!invite.data || !questions.data) return <h1 className="empty not-found">{t('common:error.notFound')}</h1>;
  // Eligibility questions were step 0 (issue #33.1); the entry answers the free-text ones.
  const list = questions.data.filter((q) => q.kind !== 'eligibility');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!agreed) return;
    setBusy(true);
    setErrors({});
    const sent = list.map((q) => ({ question: q.id, answer: (answers[q.id] ?? '').trim() })).filter((a) => a.answer !== '');
    try {
      await createApplication({ invite: inviteId, artwork: artworkId, answers: sent });
      navigate(`/goodluck/${inviteId}/complete/${artworkId}/`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        // Answer errors come back by position in what was sent: `answers.{i}.answer`.
        const byQuestion: Record<string, string[]> = {};
        for (const [field, messages] of Object.entries(err.fields)) {
          const m = /^answers\.(\d+)\./.exec(field);
          const key = m && sent[Number(m[1])] ? `q${sent[Number(m[1])].question}` : field;
          byQuestion[key] = [...(byQuestion[key] ?? []), ...messages];
        }
        setErrors(byQuestion);
        focusInvalid();
      } else setErrors({ non_field_errors: [t('common:error.generic')] });
    } finally {
      setBusy(false);
    }
  };

  const general = [...(errors.non_field_errors ?? []), ...(errors.invite ?? []), ...(errors.artwork ?? [])];
  return (
    <section className="page">
      <form ref={formRef} className={styles.application} onSubmit={submit} noValidate>
        <h1 className={styles.stepTitle}>{t('application.title')}</h1>
        <p>{t('application.intro', { title: invite.data.title })}</p>
        {artwork.data && (
          <div className={styles.applicationProject}>
            {artwork.data.cropped_cover && (
              <img
                src={mediaUrl(artwork.data.cropped_cover, AVATAR_WIDTH)}
                alt=""
                width={96}
                height={67}
                style={{ backgroundColor: artwork.data.color?.code ?? 'var(--surface)' }}
              />
            )}
            <div>
              <span className={styles.muted}>{t('application.project')}</span>
              <strong>{artwork.data.title}</strong>
            </div>
          </div>
        )}
        {invite.data.status !== 'ongoing' && <p className="form-error">{t('application.notOngoing')}</p>}
        {general.length > 0 && (
          <div className="form-error" role="alert">
            {general.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        )}
        {list.length === 0 && <p className={styles.muted}>{t('application.noQuestions')}</p>}
        {list.map((q, i) => {
          const value = answers[q.id] ?? '';
          const fieldErrors = errors[`q${q.id}`] ?? [];
          return (
            <div className="field" key={q.id}>
              <label htmlFor={`answer-${q.id}`}>
                {i + 1}. {q.question}
              </label>
              <textarea
                {...fieldControl(`answer-${q.id}`, fieldErrors, `answer-${q.id}-count`)}
                maxLength={ANSWER_MAX}
                value={value}
                onChange={(e) => setAnswers({ ...answers, [q.id]: e.target.value.slice(0, ANSWER_MAX) })}
              />
              <span id={`answer-${q.id}-count`} className={styles.counter} data-testid="answer-counter">
                {t('application.counter', { count: value.length, max: ANSWER_MAX })}
              </span>
              <FieldError for={`answer-${q.id}`} messages={fieldErrors} />
            </div>
          );
        })}
        <label className={styles.agree}>
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="agree" />
          <span>{t('application.agree')}</span>
        </label>
        <div className={styles.formActions}>
          <button type="button" className="btn secondary" onClick={() => navigate(invitePath(inviteId))}>
            {t('application.cancel')}
          </button>
          <button type="submit" className="btn" disabled={!agreed || busy || invite.data.status !== 'ongoing'}>
            {t('application.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
