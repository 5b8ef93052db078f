import type { ReportTarget } from '@axoo/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goToLogin } from '../../api/client.ts';
import { lazyComponent } from '../../lazy.ts';
import { useCurrentUser } from '../../site.ts';

// The dialog, its texts and its code load when it first opens: most readers never report.
const ReportDialog = lazyComponent(() => import('./ReportDialog.tsx'));

/**
 * Issue #31: the "Report" / "신고" item of the artwork overlay, the profile page and the open call page. Not on one's
 * own work, profile or call; a guest is taken to log in first (reports need an account).
 */
export interface ReportButtonProps {
  target: ReportTarget;
  targetId: number;
  ownerId: number | null | undefined;
  name: string;
}

export function ReportButton({ target, targetId, ownerId, name }: ReportButtonProps) {
  const { t } = useTranslation();
  const viewer = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (viewer && viewer.id === ownerId) return null;
  return (
    <>
      <button
        type="button"
        className="btn secondary small"
        onClick={() => (viewer ? setOpen(true) : goToLogin())}
        aria-haspopup="dialog"
        data-testid="report-open"
      >
        {t('report.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} targetId={targetId} name={name} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
