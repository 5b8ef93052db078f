import { scenario } from './harness.ts';

// Issue #2: the global page data, as a guest in each language (served from the 5 s cache).
scenario('site', async ({ baseUrl, compare }) => {
  await compare('GET /api/v1/site/ (guest, ko)', `${baseUrl}/api/v1/site/`, undefined, { headers: { 'accept-language': 'ko' } });
  await compare('GET /api/v1/site/ (guest, en)', `${baseUrl}/api/v1/site/`, undefined, { headers: { 'accept-language': 'en' } });
});
