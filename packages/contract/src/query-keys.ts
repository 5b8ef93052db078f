/**
 * The TanStack Query keys of every server answer the web client keeps, built in one place: the client's hooks and
 * the server's first-page prefetch (the page host inlines answers under these keys) must agree to the letter, and
 * an invalidation by a prefix reaches exactly what it names. Each resource has one key: an artwork is
 * `['artworks', 'detail', id]` wherever it is read.
 */
export interface ArtworkListQuery {
  search?: string;
  ordering?: string;
  created__gte?: string;
  categories__category?: string;
  fields__field?: string;
  concepts__concept?: string;
  color?: string;
  /** Issue #18: licence codes, comma-separated; a colour as #rrggbb. */
  licence?: string;
  palette?: string;
  /** Issue #35: `valid` for artworks with valid Content Credentials. */
  credentials?: string;
  /** Issue #31: `general` hides mature work; `none` hides work made with AI. */
  rating?: string;
  ai_use?: string;
}

export type ProfileTab = 'projects' | 'collection' | 'application';

export const queryKeys = {
  site: () => ['site'] as const,
  artworks: {
    /** Every artwork answer: lists, details, an author's lists (an artwork changed). */
    all: () => ['artworks'] as const,
    gallery: (query: ArtworkListQuery) => ['artworks', 'gallery', query] as const,
    detail: (id: number) => ['artworks', 'detail', id] as const,
    /** An author's projects as a screen shows them (`use`: which screen, e.g. the overlay's strip). */
    byAuthor: (authorId: number | undefined, use: string) => ['artworks', 'by-author', authorId, use] as const,
  },
  /** Issue #30: the search box's suggestions for a term as typed. */
  search: {
    suggest: (q: string) => ['search', 'suggest', q] as const,
  },
  artists: {
    gallery: (query: { search?: string; categories__category?: string; available_for_hire?: string }) => ['artists', 'gallery', query] as const,
  },
  profiles: {
    all: () => ['profile'] as const,
    bySlug: (slug: string) => ['profile', slug] as const,
    /** Every profile tab list (a profile changed). */
    allArtworks: () => ['profile-artworks'] as const,
    artworks: (userId: number, tab: ProfileTab) => ['profile-artworks', userId, tab] as const,
  },
  invites: {
    all: () => ['invites'] as const,
    list: () => ['invites', 'list'] as const,
    /** The viewer's own calls (My open calls). */
    mine: () => ['invites', 'list', 'mine'] as const,
    detail: (id: number) => ['invites', 'detail', id] as const,
    questions: (id: number) => ['invites', 'questions', id] as const,
    /** Every submissions list of one invite (selected and all). */
    allArtworks: (id: number) => ['invites', 'artworks', id] as const,
    artworks: (id: number, selected: boolean, filters: Record<string, string> = {}) => ['invites', 'artworks', id, selected, filters] as const,
  },
  conversations: {
    /** Every inbox answer (a message was sent, read, archived or blocked). */
    all: () => ['conversations'] as const,
    list: (archived: boolean) => ['conversations', 'list', archived] as const,
    detail: (id: number) => ['conversations', 'detail', id] as const,
    unread: () => ['conversations', 'unread'] as const,
    reports: (search: string, page: number) => ['conversations', 'reports', search, page] as const,
  },
  follows: {
    /** The viewer's own follows (every follow button reads it). */
    mine: () => ['follows', 'mine'] as const,
    /** A user's followers or following list. */
    list: (userId: number, which: 'followers' | 'following') => ['follows', which, userId] as const,
  },
  feed: {
    all: () => ['feed'] as const,
    pages: () => ['feed', 'pages'] as const,
    suggestions: () => ['feed', 'suggestions'] as const,
  },
  notifications: {
    all: () => ['notifications'] as const,
    list: (scope: 'panel' | 'page') => ['notifications', 'list', scope] as const,
    preferences: () => ['notifications', 'preferences'] as const,
  },
  insights: {
    user: (userId: number, days: number) => ['insights', userId, days] as const,
    artwork: (userId: number, artworkId: number, days: number) => ['insights', userId, 'artwork', artworkId, days] as const,
    platform: (days: number) => ['insights', 'platform', days] as const,
  },
  judging: {
    /** Everything of one invite's judging (a score, a juror, a round changed). */
    all: (invite: number) => ['judging', invite] as const,
    overview: (invite: number) => ['judging', invite, 'overview'] as const,
    queue: (invite: number) => ['judging', invite, 'queue'] as const,
    ranking: (invite: number) => ['judging', invite, 'ranking'] as const,
    dashboard: (invite: number) => ['judging', invite, 'dashboard'] as const,
    pack: (invite: number) => ['judging', invite, 'pack'] as const,
    /** Issue #33: the declared conflicts, the public vote's ballot and counts, an entry's released feedback. */
    conflicts: (invite: number) => ['judging', invite, 'conflicts'] as const,
    ballot: (invite: number) => ['judging', invite, 'ballot'] as const,
    votes: (invite: number) => ['judging', invite, 'votes'] as const,
    feedback: (application: number) => ['judging', 'feedback', application] as const,
    /** The owner's list of the call's public vote rounds; the applicant's own entries with their feedback. */
    voteRounds: (invite: number) => ['judging', invite, 'vote-rounds'] as const,
    myApplications: (invite: number) => ['judging', 'my-applications', invite] as const,
    /** The invites the viewer judges. */
    mine: () => ['judging', 'mine'] as const,
  },
  /** Issue #31: the console's queue, appeals and audit log; the owner's decisions. */
  moderation: {
    all: () => ['moderation'] as const,
    queue: (status: string, target: string, page: number) => ['moderation', 'queue', status, target, page] as const,
    appeals: (status: string, page: number) => ['moderation', 'appeals', status, page] as const,
    audit: (page: number) => ['moderation', 'audit', page] as const,
    decisions: (page: number) => ['moderation', 'decisions', page] as const,
    decision: (id: number) => ['moderation', 'decision', id] as const,
  },
  admin: {
    all: () => ['admin'] as const,
    table: (resource: string, search: string, page: number) => ['admin', resource, search, page] as const,
    list: (list: string) => ['admin', 'lists', list] as const,
  },
};

/** Whether a key holds artworks as cards show them (a level or a collection changed). */
export const showsArtworks = (key: readonly unknown[]) => key[0] === 'artworks' || key[0] === 'profile' || key[0] === 'profile-artworks' || key[0] === 'feed';

/**
 * A first query as a page's HTML carries it (`#__PREFETCH__`) and as the server renderer and the browser seed it
 * under its key. `stale`: the browser asks again after hydration (an answer with side effects the shared page could
 * not have for this viewer, such as the artwork detail counting their view).
 */
export interface PrefetchedQuery {
  key: readonly unknown[];
  /** An infinite query's first page. */
  infinite: boolean;
  data: unknown;
  stale?: boolean;
}
