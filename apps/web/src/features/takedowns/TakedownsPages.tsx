import HoldsAdmin from './admin/HoldsAdmin.tsx';
import TakedownsAdmin from './admin/TakedownsAdmin.tsx';
import HoldPage from './HoldPage.tsx';
import NoticesPage from './NoticesPage.tsx';
import TakedownConfirmPage from './TakedownConfirmPage.tsx';
import TakedownPolicyPage from './TakedownPolicyPage.tsx';

const PAGES = {
  policy: TakedownPolicyPage,
  confirm: TakedownConfirmPage,
  notices: NoticesPage,
  hold: HoldPage,
  holdsAdmin: HoldsAdmin,
  takedownsAdmin: TakedownsAdmin,
} as const;

/**
 * Issue #31's screens as one chunk the route table loads lazily: the takedown policy and its confirmation page, an
 * artwork's notices, a hold's page and the console's two sections. One lazy import in the route table instead of six
 * keeps every page's first load as it was (bench/web.ts budgets).
 */
export default function TakedownsPages({ page }: { page: keyof typeof PAGES }) {
  const Page = PAGES[page];
  return <Page />;
}
