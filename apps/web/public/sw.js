// Issue #34 (7): the service worker of the installable app. It keeps the public pages a visitor has seen, and the
// built assets and public images they use, readable offline; it never keeps an answer of the API, a page given to a
// signed-in viewer (the server marks those `Cache-Control: private`), or any answer marked private or no-store.
// Pages and images: network first, the kept copy when offline. Assets (hashed, immutable): kept copy first.
const VERSION = 'axoo-v1';
const PAGES = `${VERSION}-pages`;
const STATIC = `${VERSION}-static`;
/** Kept pages and images beyond these counts go, oldest first. */
const MAX_PAGES = 60;
const MAX_STATIC = 300;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (!key.startsWith(VERSION)) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

/** Whether an answer may be kept: a whole, successful, same-origin answer that nobody marked private. */
function keepable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic') return false;
  const control = (response.headers.get('Cache-Control') || '').toLowerCase();
  return !control.includes('private') && !control.includes('no-store');
}

async function keep(cacheName, max, request, response) {
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
}

/** The network's answer, kept when it may be; the kept copy when the network fails (offline). */
async function networkFirst(event, cacheName, max) {
  try {
    const response = await fetch(event.request);
    if (keepable(response)) event.waitUntil(keep(cacheName, max, event.request, response.clone()));
    return response;
  } catch (error) {
    const kept = await caches.match(event.request, { cacheName, ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

async function asset(event) {
  const kept = await caches.match(event.request, { cacheName: STATIC });
  if (kept) return kept;
  const response = await fetch(event.request);
  if (keepable(response)) event.waitUntil(keep(STATIC, MAX_STATIC, event.request, response.clone()));
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API, the share target and the service's own files are always the network's.
  if (/^\/(api|share-target|healthz|readyz|metrics)(\/|$)/.test(url.pathname) || url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(event, PAGES, MAX_PAGES));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(event));
  // Images may change or go (a deleted artwork): asked again each time, the kept copy only offline.
  else if (/^\/(media|icons)\//.test(url.pathname)) event.respondWith(networkFirst(event, STATIC, MAX_STATIC));
});
