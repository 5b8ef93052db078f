import type { ReactNode } from 'react';
import { Navigate, Route, useParams } from 'react-router';
import { lazyComponent } from './lazy.ts';
import { RequireAuth } from './shell/RequireAuth.tsx';
import type { CurrentUser } from './site.ts';

const HomePage = lazyComponent(() => import('./features/home/HomePage.tsx'));
const SignupPage = lazyComponent(() => import('./features/accounts/pages/SignupPage.tsx'));
const LoginPage = lazyComponent(() => import('./features/accounts/pages/LoginPage.tsx'));
const AccountPage = lazyComponent(() => import('./features/accounts/pages/AccountPage.tsx'));
const PasswordChangePage = lazyComponent(() => import('./features/accounts/pages/PasswordChangePage.tsx'));
const PasswordResetPage = lazyComponent(() => import('./features/accounts/pages/PasswordResetPage.tsx'));
const PasswordResetConfirmPage = lazyComponent(() => import('./features/accounts/pages/PasswordResetConfirmPage.tsx'));
const ConfirmEmailPage = lazyComponent(() => import('./features/accounts/pages/ConfirmEmailPage.tsx'));
const LogoutPage = lazyComponent(() => import('./features/accounts/pages/LogoutPage.tsx'));
const GalleryPage = lazyComponent(() => import('./features/gallery/GalleryPage.tsx'));
const UploadPage = lazyComponent(() => import('./features/artworks/UploadPage.tsx'));
const ReviewPage = lazyComponent(() => import('./features/artworks/ReviewPage.tsx'));
const VersionsPage = lazyComponent(() => import('./features/artworks/VersionsPage.tsx'));
const ImportPage = lazyComponent(() => import('./features/artworks/ImportPage.tsx'));
const AboutRoutes = lazyComponent(() => import('./features/about/AboutRoutes.tsx'));
const InviteListPage = lazyComponent(() => import('./features/invites/pages/InviteListPage.tsx'));
const InviteDetailPage = lazyComponent(() => import('./features/invites/pages/InviteDetailPage.tsx'));
const InvitePublishedPage = lazyComponent(() => import('./features/invites/pages/InvitePublishedPage.tsx'));
const InviteApplicationPage = lazyComponent(() => import('./features/invites/pages/InviteApplicationPage.tsx'));
const InviteCompletePage = lazyComponent(() => import('./features/invites/pages/InviteCompletePage.tsx'));
const ApplyStartPage = lazyComponent(() => import('./features/invites/pages/ApplyStartPage.tsx'));
const ResultsPage = lazyComponent(() => import('./features/invites/pages/ResultsPage.tsx'));
const StartCallPage = lazyComponent(() => import('./features/invites/pages/StartCallPage.tsx'));
const EditCallPage = lazyComponent(() => import('./features/invites/pages/EditCallPage.tsx'));
const MyCallsPage = lazyComponent(() => import('./features/invites/pages/MyCallsPage.tsx'));
const UnsubscribePage = lazyComponent(() => import('./features/invites/pages/UnsubscribePage.tsx'));
const ScoringPage = lazyComponent(() => import('./features/invites/judging/pages/ScoringPage.tsx'));
const MyJuriesPage = lazyComponent(() => import('./features/invites/judging/pages/MyJuriesPage.tsx'));
const AcceptJuryPage = lazyComponent(() => import('./features/invites/judging/pages/AcceptJuryPage.tsx'));
const FeedbackPage = lazyComponent(() => import('./features/invites/judging/pages/FeedbackPage.tsx'));
const VotePage = lazyComponent(() => import('./features/invites/judging/pages/VotePage.tsx'));
const JudgingPanel = lazyComponent(() => import('./features/invites/judging/components/JudgingPanel.tsx').then((m) => ({ default: m.JudgingPanel })));
const CallExtras = lazyComponent(() => import('./features/invites/judging/components/CallExtras.tsx').then((m) => ({ default: m.CallExtras })));
const JurorLink = lazyComponent(() => import('./features/invites/judging/components/JurorLink.tsx').then((m) => ({ default: m.JurorLink })));
const ProfilePage = lazyComponent(() => import('./features/profiles/ProfilePage.tsx'));
const FeedPage = lazyComponent(() => import('./features/feed/FeedPage.tsx'));
const NotificationsPage = lazyComponent(() => import('./features/notifications/NotificationsPage.tsx'));
const NotificationsUnsubscribePage = lazyComponent(() => import('./features/notifications/UnsubscribePage.tsx'));
const MailPreferences = lazyComponent(() => import('./features/notifications/components/MailPreferences.tsx'));
const InsightsPage = lazyComponent(() => import('./features/insights/InsightsPage.tsx'));
const PlatformTotals = lazyComponent(() => import('./features/insights/PlatformTotals.tsx'));
const AdminPage = lazyComponent(() => import('./features/admin/AdminPage.tsx'));
const InvitesAdmin = lazyComponent(() => import('./features/invites/admin/InvitesAdmin.tsx'));
const InboxPage = lazyComponent(() => import('./features/conversations/InboxPage.tsx'));
const AccountAiTraining = lazyComponent(() => import('./features/rights/AiTraining.tsx').then((m) => ({ default: m.AccountAiTraining })));
const AccountDataExport = lazyComponent(() => import('./features/rights/DataExport.tsx').then((m) => ({ default: m.AccountDataExport })));
const ExportDownloadPage = lazyComponent(() => import('./features/rights/DataExport.tsx'));
const ReportsAdmin = lazyComponent(() => import('./features/conversations/admin/ReportsAdmin.tsx'));
const Moderation = lazyComponent(() => import('./features/moderation/ModerationView.tsx'));
const TakedownsPages = lazyComponent(() => import('./features/takedowns/TakedownsPages.tsx'));

const auth = (el: ReactNode) => <RequireAuth>{el}</RequireAuth>;

function GalleryRedirect() {
  return <Navigate to="/gallery/all/" replace />;
}

/** SPEC §2 application flow step 1: the upload form tied to the invite (publishing goes to step 2). */
function InviteUploadRoute() {
  const inviteId = Number(useParams().inviteId);
  return <UploadPage inviteId={inviteId} />;
}

/** Issue #16: the call's page with the judging feature's tab (owner, staff) and link (jurors). */
const judgingSlots = { Panel: JudgingPanel, JurorLink, Extras: CallExtras };

/** The console's sections that other features own (composed here, not imported by the console). */
const consoleSections = [
  { path: 'invites', labelKey: 'invites:admin.title', element: <InvitesAdmin /> },
  // Issue #31: every report grouped by target, the owners' appeals and the audit log; issue #20's message reports.
  { path: 'reports', labelKey: 'moderation:sections.reports', element: <Moderation view="queue" /> },
  { path: 'appeals', labelKey: 'moderation:sections.appeals', element: <Moderation view="appeals" /> },
  { path: 'audit', labelKey: 'moderation:sections.audit', element: <Moderation view="audit" /> },
  { path: 'message-reports', labelKey: 'inbox:admin.title', element: <ReportsAdmin /> },
  { path: 'holds', labelKey: 'takedowns:admin.holds', element: <TakedownsPages page="holdsAdmin" /> },
  { path: 'takedowns', labelKey: 'takedowns:admin.takedowns', element: <TakedownsPages page="takedownsAdmin" /> },
  { path: 'insights', labelKey: 'insights:platform.title', element: <PlatformTotals /> },
];

/** The account page's sections that other features own (issue #18: the AI-training opt-out). */
const accountSections = (user: CurrentUser) => (
  <>
    <AccountAiTraining user={user} />
    <AccountDataExport user={user} />
    <MailPreferences />
  </>
);

function ProfileRoute() {
  const { slug } = useParams();
  return <ProfilePage key={slug} />;
}

/** SPEC §2 route list. The artwork overlay is not here: the shell draws it over these pages. */
export const pageRoutes = (
  <>
    <Route path="/" element={<HomePage />} />
    <Route path="/signup/" element={<SignupPage />} />
    <Route path="/login/" element={<LoginPage />} />
    <Route path="/accounts/" element={auth(<AccountPage more={accountSections} />)} />
    <Route path="/accounts/export/" element={auth(<ExportDownloadPage />)} />
    <Route path="/accounts/password/" element={auth(<PasswordChangePage />)} />
    <Route path="/accounts/password/reset/" element={<PasswordResetPage />} />
    <Route path="/accounts/reset/:uidb64/:token/" element={<PasswordResetConfirmPage />} />
    <Route path="/accounts/logout/" element={<LogoutPage />} />
    <Route path="/accounts/confirm-email/:token/" element={<ConfirmEmailPage />} />
    <Route path="/gallery/" element={<GalleryRedirect />} />
    <Route path="/gallery/:category/" element={<GalleryPage />} />
    <Route path="/upload/" element={auth(<UploadPage />)} />
    <Route path="/upload/import/" element={auth(<ImportPage />)} />
    <Route path="/upload/:artworkId/" element={auth(<UploadPage />)} />
    <Route path="/upload/:artworkId/versions/" element={auth(<VersionsPage />)} />
    <Route path="/review/:token/" element={<ReviewPage />} />
    <Route path="/about/takedown/" element={<TakedownsPages page="policy" />} />
    <Route path="/about/takedown/confirm/" element={<TakedownsPages page="confirm" />} />
    <Route path="/about/*" element={<AboutRoutes />} />
    <Route path="/goodluck/" element={<InviteListPage />} />
    <Route path="/goodluck/new/" element={auth(<StartCallPage />)} />
    <Route path="/goodluck/mine/" element={auth(<MyCallsPage />)} />
    <Route path="/goodluck/jury/" element={auth(<MyJuriesPage />)} />
    <Route path="/goodluck/unsubscribe/" element={<UnsubscribePage />} />
    <Route path="/goodluck/:id/" element={<InviteDetailPage judging={judgingSlots} />} />
    <Route path="/goodluck/:id/jury/" element={auth(<ScoringPage />)} />
    <Route path="/goodluck/:id/jury/accept/" element={auth(<AcceptJuryPage />)} />
    <Route path="/goodluck/:id/feedback/:application/" element={auth(<FeedbackPage />)} />
    <Route path="/goodluck/:id/vote/" element={<VotePage />} />
    <Route path="/goodluck/:id/edit/" element={auth(<EditCallPage />)} />
    <Route path="/goodluck/:inviteId/apply/" element={auth(<ApplyStartPage />)} />
    <Route path="/goodluck/:id/results/" element={<ResultsPage />} />
    <Route path="/goodluck/:inviteId/upload/" element={auth(<InviteUploadRoute />)} />
    <Route path="/goodluck/:inviteId/upload/:artworkId/" element={auth(<InviteUploadRoute />)} />
    <Route path="/goodluck/:inviteId/published/:artworkId/" element={auth(<InvitePublishedPage />)} />
    <Route path="/goodluck/:inviteId/application/:artworkId/" element={auth(<InviteApplicationPage />)} />
    <Route path="/goodluck/:inviteId/complete/:artworkId/" element={auth(<InviteCompletePage />)} />
    <Route path="/inbox/" element={auth(<InboxPage />)} />
    <Route path="/inbox/:id/" element={auth(<InboxPage />)} />
    <Route path="/following/" element={auth(<FeedPage />)} />
    <Route path="/notifications/" element={auth(<NotificationsPage />)} />
    <Route path="/notifications/unsubscribe/" element={<NotificationsUnsubscribePage />} />
    <Route path="/moderation/" element={auth(<Moderation view="decisions" />)} />
    <Route path="/moderation/:id/" element={<Moderation view="decision" />} />
    <Route path="/holds/:artworkId/" element={auth(<TakedownsPages page="hold" />)} />
    <Route path="/notices/:artworkId/" element={auth(<TakedownsPages page="notices" />)} />
    <Route path="/admin/*" element={auth(<AdminPage more={consoleSections} />)} />
    <Route path="/:slug/insights/" element={auth(<InsightsPage />)} />
    <Route path="/:slug/" element={<ProfileRoute />} />
    <Route path="*" element={<Navigate to="/" replace />} />
  </>
);
