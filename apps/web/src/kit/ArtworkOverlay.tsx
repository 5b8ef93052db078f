import { artworkPath, invitePath } from '@axoo/contract';
import { mediaUrl, withContentRenditions } from '@axoo/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api/client.ts';
import { avatarImage } from '../ui/avatar.ts';
import { formatDate, withImageAlts } from '../ui/format.ts';
import type { Artwork } from '../site.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { lazyComponent } from '../lazy.ts';
import { useArtwork, useAuthorArtworks } from './api/artworks.ts';
import styles from './ArtworkOverlay.module.css';
import { HireBadge } from './components/HireBadge.tsx';
import { RatingLabels } from './components/Rating.tsx';
import { ContactSlot, FollowSlot, LevelSlot, RightsSlot } from './slots.tsx';
import { ArtworkCard } from './components/ArtworkCard.tsx';
import { CollectButton } from './components/CollectButton.tsx';
import { SiteShareLinks } from './components/ShareLinks.tsx';
import { LazyReportButton } from './components/LazyReportButton.tsx';

/** Issue #35: the Content Credentials mark asks for its data once the overlay is open; its code comes then too. */
// Issue #31: only a mature work a viewer has not opted in to shows the notice (and needs its texts).
const MatureNotice = lazyComponent(() => import('./components/MatureNotice.tsx'));
// Issue #31: the reason an author reads on their hidden or held work, with its texts (`on-demand/report.json`).
const ModerationNotice = lazyComponent(() => import('./components/ModerationNotice.tsx'));
const ContentCredentials = lazyComponent(() => import('./components/ContentCredentials.tsx').then((m) => ({ default: m.ContentCredentials })));

/** SPEC §2: Esc or a backdrop click goes back in history, or home if there is none. */
function useClose() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
}

/** The CC licence of the artwork as icons (all licences carry attribution). */
function LicenceIcons({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation('artworks');
  if (!artwork.licence_chosen) return null;
  const parts = ['by', artwork.non_commercial && 'nc', artwork.no_derivative_works && 'nd', artwork.share_alike && 'sa'].filter(Boolean) as string[];
  const name = parts.map((p) => t(`overlay.licenceNames.${p}`)).join(' · ');
  return (
    <p className={styles.licence} title={name} data-testid="licence">
      <span className={styles.cc} aria-hidden="true">
        cc
      </span>
      {parts.map((p) => (
        <span key={p} className={styles.ccPart} aria-hidden="true">
          {t(`overlay.${p}`)}
        </span>
      ))}
      <span className="visually-hidden">{`${t('overlay.licence')}: CC ${parts.join('-').toUpperCase()} (${name})`}</span>
    </p>
  );
}

function Body({ artwork }: { artwork: Artwork }) {
  const { t, i18n } = useTranslation('artworks');
  const others = useAuthorArtworks(artwork.author?.id);
  const list = (useDeferredValue(others.data)?.results ?? []).filter((a) => a.id !== artwork.id);
  const href = artworkPath(artwork.id);
  const date = artwork.published_at ?? artwork.created;
  const cover = artwork.cover || artwork.cropped_cover;
  // Images the artist left without alt text get one (WCAG 1.1.1), and every own image renditions by width (issue #14):
  // pure string changes, the same on server and client.
  const content = withContentRenditions(
    withImageAlts(artwork.content ?? '', (n) => t('overlay.imageAlt', { n, title: artwork.title })),
    artwork.max_public_width,
  );
  return (
    <>
      <header className={styles.head}>
        {artwork.author && (
          <Link to={`/${artwork.author.slug}/`} className={styles.author}>
            <img {...avatarImage(artwork.author)} alt="" width={48} height={48} />
            <span>{artwork.author.name}</span>
          </Link>
        )}
        {artwork.author && <FollowSlot artist={artwork.author.id} />}
        <div className={styles.titleBlock}>
          {/* The artwork page's one h1 (the page under a modal overlay is hidden from assistive technology). */}
          <Dialog.Title asChild>
            <h1 className={styles.title}>{artwork.title}</h1>
          </Dialog.Title>
          <p className={styles.sub}>
            {artwork.categories.map((c) => c.name).join(' · ')}
            {artwork.categories.length > 0 && ' · '}
            <time dateTime={date}>{t('overlay.published', { date: formatDate(date, i18n.language) })}</time>
          </p>
          <RatingLabels artwork={artwork} />
          {artwork.author?.available_for_hire && (
            <p className={styles.hire}>
              <HireBadge value={artwork.author.available_for_hire} />
            </p>
          )}
        </div>
        {/* Issue #20: write to the artist about this project (the inbox feature's button; nothing on one's own work). */}
        {artwork.author && <ContactSlot artist={artwork.author} artwork={artwork} />}
        <CollectButton artworkId={artwork.id} collection={artwork.collection} size="large" />
        {/* SPEC §4 Artwork level: staff curate from the overlay too (renders nothing for others). */}
        <LevelSlot artwork={artwork} />
      </header>

      {/* Issue #31: a held or hidden work reaches only its author and staff, who are told why and where to answer. */}
      {artwork.moderation_state !== 'none' && (
        <Suspense fallback={null}>
          <ModerationNotice artwork={artwork} />
        </Suspense>
      )}
      <div className={styles.content} style={{ backgroundColor: artwork.background_color }}>
        {/* Issue #31: a mature work the viewer has not opted in to comes blurred and without its content. */}
        {artwork.blurred ? (
          <Suspense fallback={null}>
            <MatureNotice artwork={artwork} />
          </Suspense>
        ) : (
          // Sanitised by the server on write (DESIGN: every stored HTML field).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised artwork HTML
          <div className={styles.html} dangerouslySetInnerHTML={{ __html: content }} />
        )}
      </div>

      <section className={styles.info}>
        {artwork.tags.length > 0 && (
          <ul className={styles.tags} aria-label={t('overlay.tags')}>
            {artwork.tags.map((tag) => (
              <li key={tag.id}>
                <Link to={`/gallery/all/?tag=${encodeURIComponent(tag.name)}`}>#{tag.name}</Link>
              </li>
            ))}
          </ul>
        )}
        <SiteShareLinks path={href} title={artwork.title} imagePath={cover ? mediaUrl(cover, 960) : undefined} />
        <LazyReportButton target="artwork" targetId={artwork.id} ownerId={artwork.author?.id} name={artwork.title} />
        {artwork.inviteapplication_set.length > 0 && (
          <ul className={styles.submissions}>
            {artwork.inviteapplication_set.map((a) => (
              <li key={a.id}>
                <Link to={invitePath(a.invite)}>{t('overlay.submission', { title: a.title })}</Link>
              </li>
            ))}
          </ul>
        )}
        <LicenceIcons artwork={artwork} />
        <Suspense fallback={null}>
          <ContentCredentials artworkId={artwork.id} />
        </Suspense>
        <RightsSlot artwork={artwork} />
      </section>

      {list.length > 0 && artwork.author && (
        <section className={styles.more}>
          <h2>{t('overlay.more', { name: artwork.author.name })}</h2>
          <div className={styles.moreGrid}>
            {list.map((a, i) => (
              <div key={a.id} className={i >= 4 ? styles.extra : undefined} data-extra={i >= 4 || undefined}>
                <ArtworkCard artwork={a} />
              </div>
            ))}
          </div>
        </section>
      )}
    </>
  );
}

/**
 * SPEC §2 Artwork overlay, drawn by the shell over the page the user came from (or over home
 * when opened directly).
 */
export default function ArtworkOverlay({ id }: { id: number }) {
  const { t } = useTranslation('artworks');
  const close = useClose();
  const { data: answer, error, isPending } = useArtwork(id);
  // Issue #14: the artwork arrives after the page has hydrated; drawing its body (content, the author's other projects)
  // in one go was one long task. As a deferred value React draws it in slices between the browser's own work.
  const data = useDeferredValue(answer);
  const missing = error instanceof ApiError && error.status === 404;
  // The card that opened the overlay, taken before focus moves into the dialog: focus goes back to it on close
  // (Radix gives it to a Dialog.Trigger, and this dialog, opened by a route, has none).
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  // Drawn in place, not through a portal (issue #14): the server renders an artwork's page with the overlay in it, so
  // its content paints from the HTML. It is fixed over the page either way.
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Overlay className={styles.backdrop} />
      <Dialog.Content
        className={styles.panel}
        // Named from the HTML on: Radix links the title only once it has mounted in the browser, and the server draws
        // this dialog (issue #14); the title's link takes over after hydration.
        aria-label={data?.title ?? t('overlay.loading')}
        aria-describedby={undefined}
        data-testid="artwork-overlay"
        onCloseAutoFocus={(event) => {
          if (!opener?.isConnected || opener === document.body) return;
          event.preventDefault();
          opener.focus({ preventScroll: true });
        }}
      >
        <Dialog.Close className={styles.close} aria-label={t('overlay.close')}>
          ×
        </Dialog.Close>
        {data ? (
          <Body artwork={data} />
        ) : isPending || answer ? (
          <>
            <Dialog.Title asChild>
              <h1 className="visually-hidden">{t('overlay.loading')}</h1>
            </Dialog.Title>
            <Spinner />
          </>
        ) : (
          <Dialog.Title asChild>
            <h1 className={styles.missing}>{missing ? t('overlay.notFound') : (error?.message ?? t('overlay.notFound'))}</h1>
          </Dialog.Title>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
