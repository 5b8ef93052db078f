/**
 * The page → module map: for each public page, the source modules it needs before it can paint (the shell
 * lazy-loads them otherwise). The build writes it to `dist/page-modules.json`; the server's page host reads it
 * to preload those chunks and renders exactly these pages on the server. No imports: the build config loads it.
 */
export interface PageModules {
  /** Fixed pages: a pathname pattern and its modules, the first match wins. */
  pages: { pattern: string; modules: string[] }[];
  /** `/<slug>/` for any slug that is not a reserved route segment. */
  profile: string[];
}

/** The kit's slot controls a guest sees (App.tsx loads them lazily): follow and contact buttons, the AI-training badge. */
const FOLLOW = 'src/features/follows/components/FollowButton.tsx';
const CONTACT = 'src/features/conversations/components/ContactButton.tsx';
const RIGHTS = 'src/features/rights/AiTraining.tsx';

export const PAGE_MODULES: PageModules = {
  pages: [
    { pattern: '^/$', modules: ['src/features/home/HomePage.tsx'] },
    // /gallery/ itself only redirects to /gallery/all/.
    { pattern: '^/gallery/[^/]+/$', modules: ['src/features/gallery/GalleryPage.tsx'] },
    { pattern: '^/artwork/', modules: ['src/features/home/HomePage.tsx', 'src/kit/ArtworkOverlay.tsx', FOLLOW, CONTACT, RIGHTS] },
    { pattern: '^/goodluck/$', modules: ['src/features/invites/pages/InviteListPage.tsx'] },
    { pattern: '^/goodluck/\\d+/$', modules: ['src/features/invites/pages/InviteDetailPage.tsx'] },
    // Issue #31: the takedown policy and the notice's confirmation page are their own feature's, not the about menu's.
    { pattern: '^/about/takedown/$', modules: ['src/features/takedowns/TakedownsPages.tsx'] },
    { pattern: '^/about/takedown/confirm/$', modules: ['src/features/takedowns/TakedownsPages.tsx'] },
    { pattern: '^/about/', modules: ['src/features/about/AboutRoutes.tsx'] },
  ],
  profile: ['src/features/profiles/ProfilePage.tsx', FOLLOW, CONTACT],
};
