import { afterEach, describe, expect, it } from 'vitest';
import { pageChunks, startAfterLargestPaint } from './start.ts';

// Issue #14: on a page the server rendered, the app's code is asked for after the largest image, not beside it.
const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

function serverPage(chunks: unknown, image = true) {
  document.head.innerHTML = `<script id="__CHUNKS__" type="application/json">${JSON.stringify(chunks)}</script>`;
  document.body.innerHTML = `<div id="root"><main>${image ? '<img fetchpriority="high" src="/media/a.jpg" alt="">' : ''}<img src="/media/b.jpg" alt=""></main></div>`;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('startAfterLargestPaint', () => {
  it('starts a page the browser renders at once, preloading nothing', async () => {
    document.head.innerHTML = '<script id="__CHUNKS__" type="application/json">["/assets/a.js"]</script>';
    document.body.innerHTML = '<div id="root"></div>';
    await startAfterLargestPaint();
    expect(preloaded()).toEqual([]);
  });

  it("waits for the largest image's load, then preloads the listed chunks", async () => {
    serverPage(['/assets/bundle-ko-1.js', '/assets/Gallery-1.js']);
    let started = false;
    const start = startAfterLargestPaint(document, 60_000).then(() => {
      started = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(started).toBe(false);
    expect(preloaded()).toEqual([]);
    document.querySelector('img[fetchpriority="high"]')?.dispatchEvent(new Event('load'));
    await start;
    expect(preloaded()).toEqual(['/assets/bundle-ko-1.js', '/assets/Gallery-1.js']);
  });

  it('starts after an image that fails, and after the wait when the image never comes', async () => {
    serverPage(['/assets/a.js']);
    const failed = startAfterLargestPaint(document, 60_000);
    document.querySelector('img[fetchpriority="high"]')?.dispatchEvent(new Event('error'));
    await failed;
    expect(preloaded()).toEqual(['/assets/a.js']);
    serverPage(['/assets/b.js']);
    await startAfterLargestPaint(document, 20);
    expect(preloaded()).toEqual(['/assets/b.js']);
  });

  it('does not wait on a rendered page without a high-priority image', async () => {
    serverPage(['/assets/c.js'], false);
    await startAfterLargestPaint(document, 60_000);
    expect(preloaded()).toEqual(['/assets/c.js']);
  });
});

describe('pageChunks', () => {
  it('takes only asset paths from a well-formed list', () => {
    serverPage(['/assets/a.js', 'https://elsewhere.example/x.js', 3, '/assets/b.js']);
    expect(pageChunks(document)).toEqual(['/assets/a.js', '/assets/b.js']);
    document.head.innerHTML = '<script id="__CHUNKS__" type="application/json">{not json</script>';
    expect(pageChunks(document)).toEqual([]);
    document.head.innerHTML = '';
    expect(pageChunks(document)).toEqual([]);
  });
});
