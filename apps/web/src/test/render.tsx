import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient, shellRoutes } from '../App.tsx';
import '../i18n/index.ts';
import type { Artwork, CurrentUser, SiteData } from '../site.ts';

export function siteData(overrides: Partial<SiteData> = {}): SiteData {
  return {
    site_name: 'AXOO',
    categories: [{ id: 1, category: 'painting', name: '회화', name_ko: '회화', name_en: 'Painting', is_primary: true }],
    primary_categories: ['painting'],
    fields: [{ id: 1, field: 'fine-art', name: '순수 미술', name_ko: '순수 미술', name_en: 'Fine Art' }],
    concepts: [{ id: 1, concept: 'abstract', name: '추상', name_ko: '추상', name_en: 'Abstract' }],
    colors: [{ id: 1, code: '#E53935', name: '빨강', name_ko: '빨강', name_en: 'Red' }],
    banners: [],
    clients: [],
    best_projects: [],
    links: {
      edition: 'https://e.example',
      membership: 'https://m.example',
      about: 'https://a.example',
      privacy: 'https://p.example',
      terms: 'https://t.example',
      instagram: 'https://i.example',
      deletion_form: 'https://d.example',
    },
    services: { sentry_dsn: null, analytics_id: null, pixel_id: null },
    user: null,
    now: '2026-05-20T03:00:00.000Z',
    ...overrides,
  };
}

export function user(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    email: 'min@example.com',
    username: 'min.ji',
    slug: 'minji',
    name: '김민지',
    phone: '',
    date_of_birth: '1990-01-01',
    gender: 'Female',
    is_staff: false,
    is_premium: true,
    level: 0,
    avatar: '',
    raw_avatar: '',
    cropped_avatar: '',
    banner: '',
    raw_banner: '',
    cropped_banner: '',
    categories: [],
    website: '',
    instagram: '',
    facebook: '',
    twitter: '',
    pinterest: '',
    tumblr: '',
    youtube: '',
    vimeo: '',
    biography: '',
    about: '',
    show_contact: false,
    public_collection: true,
    fixed_layout: true,
    available_for_hire: null,
    hire_note: '',
    hire_rates: '',
    avatar_alt: '',
    banner_alt: '',
    language: 'ko',
    ai_opt_out_default: true,
    email_confirmed: true,
    show_mature: false,
    max_public_width_default: null,
    ...overrides,
  };
}

/** Renders the whole shell at a path, with the given global page data (no network for the shell). */
export function renderApp(path: string, site: SiteData = siteData()) {
  const client = createQueryClient(site);
  const router = createMemoryRouter(shellRoutes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}

/** An artwork as the API lists it (SPEC §3), published and visible. */
export function artwork(id: number, overrides: Partial<Artwork> = {}): Artwork {
  return {
    id,
    title: `Work ${id}`,
    author: { id: 3, username: 'hana', name: '하나', slug: 'hana', is_premium: true, cropped_avatar: '', level: 0, available_for_hire: null, categories: [] },
    categories: [{ category: 'painting', name: '회화' }],
    fields: [],
    concepts: [],
    color: { id: 1, code: '#E53935' },
    background_color: '#FFFFFF',
    attribution: true,
    non_commercial: false,
    no_derivative_works: false,
    share_alike: false,
    licence_chosen: true,
    ai_opt_out: true,
    ai_opt_out_setting: null,
    rating: 'general',
    ai_use: 'none',
    blurred: false,
    max_public_width: null,
    watermark: null,
    cover_alt: '',
    alt_reminded: false,
    tags: [],
    published: true,
    draft: false,
    visible: true,
    unlisted: false,
    reachable: true,
    moderation_state: 'none',
    moderation_reason: '',
    publish_at: null,
    cover: '',
    raw_cover: '',
    cropped_cover: '',
    height: null,
    width: null,
    level: null,
    hit: 0,
    collection: null,
    inviteapplication_set: [],
    published_at: null,
    created: '2024-01-01T00:00:00Z',
    updated: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A JSON answer of the stubbed fetch. */
export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stubs fetch so that `path` answers `status` with `body` (anything else 204), and returns the bodies sent to `path`,
 * in order: for pages that make one call (an unsubscribe link's).
 */
export function answering(path: string, status: number, body: unknown): unknown[] {
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://x').pathname !== path) return new Response(null, { status: 204 });
      asked.push(JSON.parse(String(init?.body)));
      return jsonResponse(body, status);
    }),
  );
  return asked;
}
