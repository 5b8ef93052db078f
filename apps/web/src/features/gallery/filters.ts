import { type ArtworkListQuery, HIRE_FILTERS, type HireFilter, parsePaletteFilter } from '@axoo/contract';
import { PRODUCT_UTC_OFFSET, productDay } from '../../ui/format.ts';
/** The gallery's view as URL state (STYLE: filters live in the URL so a link reproduces the view). */
export interface GalleryFilters {
  type: 'projects' | 'artists';
  search: string;
  ordering: '-created' | '-hit';
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
}

export function readFilters(params: URLSearchParams): GalleryFilters {
  const ordering = params.get('ordering');
  const period = params.get('period');
  return {
    type: params.get('type') === 'artists' ? 'artists' : 'projects',
    // SPEC §2 Gallery: a tag parameter prefills the search.
    search: params.get('search') ?? params.get('tag') ?? '',
    ordering: ordering === '-hit' ? '-hit' : '-created',
    period: period === '1m' || period === '3m' ? period : '',
    field: params.get('field') ?? '',
    concept: params.get('concept') ?? '',
    color: params.get('color') ?? '',
    hire: (HIRE_FILTERS as readonly string[]).includes(params.get('hire') ?? '') ? (params.get('hire') as HireFilter) : '',
    licence: params.get('licence') ?? '',
    palette: parsePaletteFilter(params.get('palette') ?? '') ?? '',
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeFilters(f: GalleryFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (f.type === 'artists') out.set('type', 'artists');
  if (f.search) out.set('search', f.search);
  if (f.type === 'artists' && f.hire) out.set('hire', f.hire);
  if (f.type === 'projects') {
    if (f.ordering !== '-created') out.set('ordering', f.ordering);
    if (f.period) out.set('period', f.period);
    if (f.field) out.set('field', f.field);
    if (f.concept) out.set('concept', f.concept);
    if (f.color) out.set('color', f.color);
    if (f.licence) out.set('licence', f.licence);
    if (f.palette) out.set('palette', f.palette);
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
  return {
    search: filters.search || undefined,
    ordering: filters.ordering === '-created' ? undefined : filters.ordering,
    created__gte: periodStart(filters.period, now),
    categories__category: category || undefined,
    fields__field: filters.field || undefined,
    concepts__concept: filters.concept || undefined,
    color: filters.color || undefined,
    licence: filters.licence || undefined,
    palette: filters.palette || undefined,
  };
}
