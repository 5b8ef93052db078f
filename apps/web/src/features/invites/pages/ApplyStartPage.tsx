import { AVATAR_WIDTH, invitePath, mediaUrl } from '@axoo/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { authorArtworksQuery } from '../../../kit/api/artworks.ts';
import { useCurrentUser } from '../../../site.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useInvite, useQuestions } from '../api/invites.ts';
import { EligibilityForm } from '../components/EligibilityForm.tsx';
import styles from '../components/invites.module.css';
import calls from '../components/calls.module.css';

/**
 * Issue #33.1/.2, the application flow's step 0: the call's eligibility questions before anything is uploaded (the
 * server records the pass and refuses an entry without it), then the way in: one of the artist's own published
 * projects, frozen as it is when sent, or a new one uploaded.
 */
export default function ApplyStartPage() {
  const { t } = useTranslation('calls');
  const inviteId = Number(useParams().inviteId);
  const invite = useInvite(inviteId);
  const questions = useQuestions(inviteId);
  const [passed, setPassed] = useState(false);
  if (invite.isPending || questions.isPending) return <Spinner />;
  if (!invite.data || !questions.data) return <h1 className="empty not-found">{t('common:error.notFound')}</h1>;
  const eligibility = questions.data.filter((q) => q.kind === 'eligibility');
  return (
    <section className="page">
      <div className={styles.application}>
        <p className={styles.muted}>{invite.data.title}</p>
        {passed ? (
          <ChooseProject inviteId={inviteId} />
        ) : (
          <EligibilityForm inviteId={inviteId} questions={eligibility} ongoing={invite.data.status === 'ongoing'} onPassed={() => setPassed(true)} />
        )}
        <Link to={invitePath(inviteId)} className="btn secondary">
          {t('backToCall')}
        </Link>
      </div>
    </section>
  );
}

/** "Choose one of my projects" beside "Upload a new one" (issue #33.2). */
function ChooseProject({ inviteId }: { inviteId: number }) {
  const { t } = useTranslation('calls');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const projects = useQuery(authorArtworksQuery(user?.id, 'apply', 60));
  const [chosen, setChosen] = useState<number | null>(null);
  // Only published work can be sent (the server checks it too).
  const list = (projects.data?.results ?? []).filter((art) => art.published && !art.draft);
  return (
    <form
      className={styles.application}
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen !== null) navigate(`/goodluck/${inviteId}/application/${chosen}/`);
      }}
      data-testid="choose-project"
    >
      <h1 className={styles.stepTitle}>{t('choose.title')}</h1>
      <Link to={`/goodluck/${inviteId}/upload/`} className="btn secondary" data-testid="upload-new">
        {t('choose.upload')}
      </Link>
      <fieldset className={calls.projectChoices}>
        <legend>{t('choose.mine')}</legend>
        {projects.isPending && <Spinner />}
        {!projects.isPending && list.length === 0 && <p className={styles.muted}>{t('choose.none')}</p>}
        {list.map((art) => (
          <label key={art.id} className={calls.projectChoice} data-testid="project-choice">
            <input type="radio" name="project" value={art.id} checked={chosen === art.id} onChange={() => setChosen(art.id)} />
            {art.cropped_cover && (
              <img
                src={mediaUrl(art.cropped_cover, AVATAR_WIDTH)}
                alt=""
                width={64}
                height={45}
                style={{ backgroundColor: art.color?.code ?? 'var(--surface)' }}
              />
            )}
            <span>{art.title}</span>
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>{t('choose.frozen')}</p>
      <button type="submit" className="btn" disabled={chosen === null} data-testid="use-project">
        {t('choose.continue')}
      </button>
    </form>
  );
}
