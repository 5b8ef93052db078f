import './styles/global.css';

// Issue #14: a page the server rendered is already whole in the HTML. Its largest image paints before the app's code
// is evaluated (React, the router, the page): one frame first, then the app, whose chunks were fetched meanwhile
// (the page host preloads them). A page the browser renders starts at once.
if (document.getElementById('root')?.firstElementChild) {
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
await import('./boot.tsx');
