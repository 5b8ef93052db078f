import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type GalleryFilters, readFilters, writeFilters } from '../filters.ts';

/**
 * The gallery's view as URL state (SPEC §2 Gallery: everything lives in the URL): the category of the path, the
 * filters of the query, and `apply` to change them.
 */
export function useGalleryView() {
  const navigate = useNavigate();
  const { category: rawCategory = 'all' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const category = rawCategory === 'all' ? '' : rawCategory;

  const apply = (next: Partial<GalleryFilters>, nextCategory = category) => {
    const qs = writeFilters({ ...filters, ...next }).toString();
    // SPEC §2: changing category replaces the route with that category (or all).
    navigate(`/gallery/${nextCategory || 'all'}/${qs ? `?${qs}` : ''}`, { replace: nextCategory !== category });
  };
  // A `tag` link from the overlay becomes the search itself.
  useEffect(() => {
    if (params.has('tag')) setParams(writeFilters(filters), { replace: true });
  });

  return { filters, category, apply };
}
