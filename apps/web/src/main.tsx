import './styles/global.css';
import { holdEarlyTaps } from './early-taps.ts';
import { startHydrationWatch } from './hydration.ts';
import { startAfterLargestPaint } from './start.ts';

// Issue #29: the server's markup is noted before any of the app's code runs (hydration.ts); a tap on a control of it
// that React does not own yet is held, then given again once React does (early-taps.ts).
holdEarlyTaps(startHydrationWatch());
// Issue #14: a page the server rendered is already whole in the HTML; its largest image comes and paints before the
// app's code is fetched and evaluated (start.ts). A page the browser renders starts at once.
await startAfterLargestPaint();
const { start } = await import('./boot.tsx');
await start();
// Issue #34 (7): the installable app's service worker (visited public pages readable offline), once the app has started.
if (import.meta.env.PROD && 'serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
