import './styles/global.css';
import { startAfterLargestPaint } from './start.ts';

// Issue #14: a page the server rendered is already whole in the HTML; its largest image comes and paints before the
// app's code is fetched and evaluated (start.ts). A page the browser renders starts at once.
await startAfterLargestPaint();
await import('./boot.tsx');
