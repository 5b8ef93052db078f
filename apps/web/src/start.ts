/**
 * When the app's code may start on a page the server rendered (issue #14). The HTML is already the whole page; what
 * decides how soon it is seen is its largest image. Its code (React, the router, the page's chunks, together larger
 * than the image) would share the connection with that image and delay it on a slow link, so it is asked for only
 * once the image is in (or after at most `waitMs`), and one frame later, so the image paints before the code runs.
 * The server lists the page's chunks in `#__CHUNKS__`; they are preloaded side by side with the entry's import.
 */
export async function startAfterLargestPaint(doc: Document = document, waitMs = 3000): Promise<void> {
  const root = doc.getElementById('root');
  if (!root?.firstElementChild) return; // the browser renders this page: nothing to wait for
  const largest = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (largest && !largest.complete) {
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      largest.addEventListener('load', done, { once: true });
      largest.addEventListener('error', done, { once: true });
      setTimeout(done, waitMs);
    });
  }
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  for (const href of pageChunks(doc)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}

/** The chunks the server listed for this page, or none (a static host, or a page the browser renders). */
export function pageChunks(doc: Document): string[] {
  const text = doc.getElementById('__CHUNKS__')?.textContent;
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/')) : [];
  } catch {
    return [];
  }
}
