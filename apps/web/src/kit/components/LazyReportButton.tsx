import { Suspense } from 'react';
import { lazyComponent } from '../../lazy.ts';
import type { ReportButtonProps } from './ReportButton.tsx';

const Button = lazyComponent(() => import('./ReportButton.tsx').then((m) => ({ default: m.ReportButton })));

/**
 * Issue #31's Report button where a public page shows it (the artwork overlay, a profile, an open call): its code
 * comes after the page's own, which stays within its budget (issue #29.7); most readers never report. The server
 * draws it with the page; the button works once its chunk is in.
 */
export function LazyReportButton(props: ReportButtonProps) {
  return (
    <Suspense fallback={null}>
      <Button {...props} />
    </Suspense>
  );
}
