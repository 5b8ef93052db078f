import { type ArtworkListQuery, CREDENTIALS_FILTER, HIRE_FILTERS, type HireFilter, parsePaletteFilter } from '@axoo/contract';
import { PRODUCT_UTC_OFFSET, productDay } from '../../ui/format.ts';
/** The gallery's view as URL state (STYLE: filters live in the URL so a link reproduces the view). */
export interface GalleryFilters {
  type: 'projects' | 'artists';
  search: string;
  /**
   * The order picked, or '' for the default: relevance while a search is in (issue #30.5), Most Recent otherwise.
   * Most Recent and Most Viewed stay choices during a search.
   */
  ordering: '' | 'relevance' | '-created' | '-hit';
  period: '' | '1m' | '3m';
  field: string;
  concept: string;
  color: string;
  /** Artists only: open to work (`true`: any way) or one availability (issue #20); '' for everyone. */
  hire: HireFilter | '';
  /** Issue #18: licence codes, comma-separated (one licence, or a group such as "allows commercial use"). */
  licence: string;
  /** Issue #18: a colour as #rrggbb (lowercase) the covers' palettes are searched for; '' for none. */
  palette: string;
  /** Issue #35: `valid` shows only artworks with valid Content Credentials; '' for all. */
  credentials: '' | typeof CREDENTIALS_FILTER;
  /** Issue #31: `general` leaves mature work out; `none` leaves out work made with AI; '' for all. */
  rating: '' | 'general';
  ai_use: '' | 'none';
}

const ORDERINGS = ['relevance', '-created', '-hit'] as const;

/** The order a view lists in: the one picked, else relevance while a search is in, else Most Recent. */
export function orderingOf(f: Pick<GalleryFilters, 'ordering' | 'search'>): Exclude<GalleryFilters['ordering'], ''> {
  if (f.ordering === 'relevance' && !f.search.trim()) return '-created';
  return f.ordering || (f.search.trim() ? 'relevance' : '-created');
}

export function readFilters(params: URLSearchParams): GalleryFilters {
  const ordering = params.get('ordering');
  const period = params.get('period');
  return {
    type: params.get('type') === 'artists' ? 'artists' : 'projects',
    // SPEC §2 Gallery: a tag parameter prefills the search.
    search: params.get('search') ?? params.get('tag') ?? '',
    ordering: (ORDERINGS as readonly string[]).includes(ordering ?? '') ? (ordering as GalleryFilters['ordering']) : '',
    period: period === '1m' || period === '3m' ? period : '',
    field: params.get('field') ?? '',
    concept: params.get('concept') ?? '',
    color: params.get('color') ?? '',
    hire: (HIRE_FILTERS as readonly string[]).includes(params.get('hire') ?? '') ? (params.get('hire') as HireFilter) : '',
    licence: params.get('licence') ?? '',
    palette: parsePaletteFilter(params.get('palette') ?? '') ?? '',
    credentials: params.get('credentials') === CREDENTIALS_FILTER ? CREDENTIALS_FILTER : '',
    rating: params.get('rating') === 'general' ? 'general' : '',
    ai_use: params.get('ai_use') === 'none' ? 'none' : '',
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeFilters(f: GalleryFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.type === 'artists') out.set('type', 'artists');
  if (f.search) out.set('search', f.search);
  if (f.type === 'artists' && f.hire) out.set('hire', f.hire);
  if (f.type === 'projects') {
    // An order is written only when it is not the default one (relevance with a search, else Most Recent).
    const ordering = orderingOf(f);
    if (f.ordering && ordering !== orderingOf({ ...f, ordering: '' })) out.set('ordering', ordering);
    if (f.period) out.set('period', f.period);
    if (f.field) out.set('field', f.field);
    if (f.concept) out.set('concept', f.concept);
    if (f.color) out.set('color', f.color);
    if (f.licence) out.set('licence', f.licence);
    if (f.palette) out.set('palette', f.palette);
    if (f.credentials) out.set('credentials', f.credentials);
    if (f.rating) out.set('rating', f.rating);
    if (f.ai_use) out.set('ai_use', f.ai_use);
  }
  return out;
}

/**
 * SPEC §9: 1 month and 3 months back from now, as that day's 00:00:00, sent with its offset. The day is the
 * product's (ui/format.ts), not the reader's: the server's render and the browser's ask for the same start
 * (issue #21), and `now` is the page's clock (ui/clock.ts).
 */
export function periodStart(period: GalleryFilters['period'], now: Date | number = Date.now()): string | undefined {
  if (!period) return undefined;
  const [year, month, day] = productDay(now).split('-').map(Number);
  const back = new Date(Date.UTC(year, month - 1 - (period === '1m' ? 1 : 3), day));
  return `${back.toISOString().slice(0, 10)}T00:00:00${PRODUCT_UTC_OFFSET}`;
}

/** The artworks query of a gallery view (GET /api/v1/artworks/): what differs from the defaults, nothing else. */
export function artworkQueryOf(filters: GalleryFilters, category: string, now: Date | number = Date.now()): ArtworkListQuery {
  const ordering = orderingOf(filters);
  return {
    search: filters.search.trim() || undefined,
    // Issue #30.5: while a search is in, the default order is relevance; Most Recent (the API's default) and Most
    // Viewed stay choices.
    ordering: ordering === '-created' ? undefined : ordering,
    created__gte: periodStart(filters.period, now),
    categories__category: category || undefined,
    fields__field: filters.field || undefined,
    concepts__concept: filters.concept || undefined,
    color: filters.color || undefined,
    licence: filters.licence || undefined,
    palette: filters.palette || undefined,
    credentials: filters.credentials || undefined,
    rating: filters.rating || undefined,
    ai_use: filters.ai_use || undefined,
  };
}
