import DecisionPage from './pages/DecisionPage.tsx';
import DecisionsPage from './pages/DecisionsPage.tsx';
import { AppealsSection } from './sections/AppealsSection.tsx';
import { AuditSection } from './sections/AuditSection.tsx';
import { ReportsQueue } from './sections/ReportsQueue.tsx';

const VIEWS = { queue: ReportsQueue, appeals: AppealsSection, audit: AuditSection, decisions: DecisionsPage, decision: DecisionPage };
export type ModerationViewName = keyof typeof VIEWS;

/**
 * Issue #31: the moderation feature's screens behind one lazy module (the routes load one chunk, not five): the
 * console's queue, appeals and audit log, and the owner's notices.
 */
export default function ModerationView({ view }: { view: ModerationViewName }) {
  const View = VIEWS[view];
  return <View />;
}
