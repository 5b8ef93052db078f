import { invitePath } from '@axoo/contract';
import { mediaUrl, mediaWidthSrcSet, WIDE_SIZES, WIDE_WIDTHS } from '@axoo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { lazyComponent } from '../../../lazy.ts';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { goToLogin } from '../../../api/client.ts';
import { useCurrentUser } from '../../../site.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { tabIds, tabKeys } from '../../../ui/tabs.ts';
import { SiteShareLinks } from '../../../kit/components/ShareLinks.tsx';
import { LazyReportButton } from '../../../kit/components/LazyReportButton.tsx';
import { type InviteDetail, type InviteInput, inviteKeys, saveInvite, useInvite, useToggleSubscription } from '../api/invites.ts';
import { InvitePages } from '../components/InvitePages.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import styles from '../components/invites.module.css';
import { useFormatDate, useStatusDate } from '../components/status.ts';
import { Deadline } from '../components/Deadline.tsx';

// Issue #31: the notice on a call staff hid, for the only ones who open it (its owner and staff), with its texts.
const ModerationNotice = lazyComponent(() => import('../../../kit/components/ModerationNotice.tsx'));
// The entries' tabs (the selected ones, and every entry for the owner) load when opened: most readers see the detail.
const Submissions = lazyComponent(() => import('../components/Submissions.tsx').then((m) => ({ default: m.Submissions })));

type Tab = 'detail' | 'selected' | 'submissions' | 'judging';

/** What the judging feature (issue #16) puts on a call's page, composed where the routes are. */
export interface JudgingSlots {
  /** The owner's and staff's JUDGING tab. */
  Panel: ComponentType<{ inviteId: number }>;
  /** A juror's way to the scoring screen. */
  JurorLink: ComponentType<{ inviteId: number }>;
  /** Issue #33: the public vote's link, and a member's own entries with the jury's released feedback. */
  Extras?: ComponentType<{ inviteId: number }>;
}

function Heart({ invite }: { invite: InviteDetail }) {
  const { t } = useTranslation('invites');
  const user = useCurrentUser();
  const toggle = useToggleSubscription(invite);
  const on = invite.subscription !== null;
  return (
    <button
      type="button"
      className={`${styles.heart} ${on ? styles.heartOn : ''}`}
      aria-pressed={on}
      aria-label={on ? t('unsubscribe') : t('subscribe')}
      title={on ? t('unsubscribe') : t('subscribe')}
      disabled={toggle.isPending}
      onClick={() => (user ? toggle.mutate() : goToLogin())}
      data-testid="subscribe"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 4.5 6.6 4.5c2.1 0 3.6 1.1 4.4 2.6.8-1.5 2.3-2.6 4.4-2.6 3.7 0 5.7 4.1 4.2 7.4C19.5 16.4 12 21 12 21z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}

/** The owner's (and staff's) controls (issue #19): edit the call, see where its review stands, publish the selection. */
function OwnerBlock({ invite }: { invite: InviteDetail }) {
  const { t } = useTranslation('invites');
  const client = useQueryClient();
  const publish = useMutation({
    mutationFn: () => saveInvite(invite.id, { title: invite.title, status: 'selection', closed: invite.closed, selected: invite.selected } as InviteInput),
    onSuccess: (saved) => {
      client.setQueryData(inviteKeys.detail(invite.id), saved);
      return client.invalidateQueries({ queryKey: inviteKeys.all() });
    },
  });
  return (
    <div className={styles.ownerBlock} data-testid="owner-block">
      {invite.moderation_state === 'hidden' && (
        <Suspense fallback={null}>
          <ModerationNotice artwork={invite} target="invite" />
        </Suspense>
      )}
      {invite.status === 'review' && <p role="status">{invite.review_note ? t('own.returnedShort') : t('own.waiting')}</p>}
      {invite.review_note && (
        <div className={styles.reviewNote} data-testid="review-note">
          <strong>{t('own.returned')}</strong>
          <p>{invite.review_note}</p>
        </div>
      )}
      <div className={styles.ownerActions}>
        <Link to={`/goodluck/${invite.id}/edit/`} className="btn secondary small" data-testid="edit-call">
          {t('own.edit')}
        </Link>
        {invite.status === 'examination' && (
          <button type="button" className="btn small" disabled={publish.isPending} onClick={() => publish.mutate()} data-testid="publish-selection">
            {t('own.publish')}
          </button>
        )}
      </div>
    </div>
  );
}

/** SPEC §4 Invite status: the Apply button and the text under it. */
function ApplyBlock({ invite }: { invite: InviteDetail }) {
  const { t } = useTranslation('invites');
  const format = useFormatDate();
  if (invite.status === 'ongoing') {
    return (
      <Link to={`/goodluck/${invite.id}/apply/`} className="btn" data-testid="apply">
        {t('apply')}
      </Link>
    );
  }
  if (invite.status === 'examination') {
    return (
      <div className={styles.applyBlock}>
        <p>{t('examinationText')}</p>
        <button type="button" className="btn" disabled data-testid="apply">
          {t('applyExamination')}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.applyBlock}>
      {invite.status === 'selection' && invite.selected && <p>{t('selectionText', { date: format(invite.selected) })}</p>}
      {invite.status === 'selection' && (
        <Link to={`/goodluck/${invite.id}/results/`} className="btn secondary" data-testid="see-results">
          {t('fair.seeResults')}
        </Link>
      )}
      <button type="button" className="btn" disabled data-testid="apply">
        {t('applyClosed')}
      </button>
    </div>
  );
}

/** SPEC §2 Invites detail: header, tabs DETAIL / SELECTED (selection) / SUBMISSIONS (owner or staff). */
export default function InviteDetailPage({ judging }: { judging?: JudgingSlots } = {}) {
  const { t } = useTranslation('invites');
  const id = Number(useParams().id);
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const { data: invite, isPending, isError } = useInvite(id);
  const statusDate = useStatusDate();

  if (isPending) return <Spinner />;
  // The page's heading says what there is (one h1 on every page, issue #21).
  if (isError || !invite) return <h1 className="empty not-found">{t('common:error.notFound')}</h1>;

  const manager = user !== null && (user.is_staff || user.id === invite.owner?.id);
  const tabs: Tab[] = [
    'detail',
    ...(invite.status === 'selection' ? (['selected'] as const) : []),
    ...(manager ? (['submissions'] as const) : []),
    ...(manager && judging ? (['judging'] as const) : []),
  ];
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'detail';

  return (
    <article className={styles.detail}>
      <header className={styles.hero}>
        {invite.background && (
          <img
            src={mediaUrl(invite.background, 2000)}
            srcSet={mediaWidthSrcSet(invite.background, WIDE_WIDTHS)}
            sizes={WIDE_SIZES}
            alt=""
            className={styles.heroBackground}
            fetchPriority="high"
          />
        )}
        <div className={styles.heroInner}>
          {invite.logo && <img src={mediaUrl(invite.logo, 312)} alt="" className={styles.heroLogo} width={96} height={96} />}
          <div className={styles.heroText}>
            <div className={styles.cardMeta}>
              <StatusBadge status={invite.status} />
              <span className={styles.date}>{statusDate(invite)}</span>
              {invite.status === 'ongoing' && <Deadline invite={invite} />}
            </div>
            <h1 className={styles.heroTitle}>{invite.title}</h1>
            {invite.subtitle && <p className={styles.heroSubtitle}>{invite.subtitle}</p>}
            {invite.owner && (
              <p className={styles.owner}>
                <Link to={`/${invite.owner.slug}/`}>{t('by', { name: invite.owner.name })}</Link>
              </p>
            )}
          </div>
        </div>
      </header>
      <div className={`page ${styles.detailBody}`}>
        <div className={styles.actionsRow}>
          <ApplyBlock invite={invite} />
          <div className={styles.socialRow}>
            <Heart invite={invite} />
            {/* Issue #31: a call staff hid has nothing to share: only its owner and staff open it. */}
            {invite.moderation_state === 'none' && (
              <SiteShareLinks path={invitePath(invite.id)} title={invite.title} imagePath={invite.background ? mediaUrl(invite.background, 1400) : undefined} />
            )}
            <LazyReportButton target="invite" targetId={invite.id} ownerId={invite.owner?.id} name={invite.title} />
          </div>
        </div>
        {invite.can_edit && <OwnerBlock invite={invite} />}
        {user && judging && (
          <Suspense fallback={null}>
            <judging.JurorLink inviteId={invite.id} />
          </Suspense>
        )}
        {judging?.Extras && (
          <Suspense fallback={null}>
            <judging.Extras inviteId={invite.id} />
          </Suspense>
        )}
        {invite.description && <p className={styles.description}>{invite.description}</p>}
        <div
          className={styles.tabs}
          role="tablist"
          aria-label={invite.title}
          onKeyDown={tabKeys(tabs, tab, (name) => setParams(name === 'detail' ? {} : { tab: name }, { replace: true }))}
        >
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={tabIds('invite', name).tab}
              aria-selected={tab === name}
              aria-controls={tab === name ? tabIds('invite', name).panel : undefined}
              tabIndex={tab === name ? 0 : -1}
              className={`${styles.tab} ${tab === name ? styles.tabOn : ''}`}
              onClick={() => setParams(name === 'detail' ? {} : { tab: name }, { replace: true })}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={tabIds('invite', tab).panel} aria-labelledby={tabIds('invite', tab).tab}>
          {tab === 'detail' && <InvitePages invite={invite} canEdit={invite.can_edit} />}
          {(tab === 'selected' || tab === 'submissions') && (
            <Suspense fallback={<Spinner />}>
              <Submissions inviteId={invite.id} selectedOnly={tab === 'selected'} canSelect={manager} />
            </Suspense>
          )}
          {tab === 'judging' && judging && (
            <Suspense fallback={<Spinner />}>
              <judging.Panel inviteId={invite.id} />
            </Suspense>
          )}
        </div>
      </div>
    </article>
  );
}
