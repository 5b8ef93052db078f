import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useJudging } from '../api/judging.ts';
import { Dashboard } from './Dashboard.tsx';
import { FairJudging } from './FairJudging.tsx';
import { VoteRounds } from './VoteRounds.tsx';
import { Jurors } from './Jurors.tsx';
import { Pack } from './Pack.tsx';
import { RankingTable } from './RankingTable.tsx';
import { Rubric } from './Rubric.tsx';
import styles from './judging.module.css';

/** The owner's and staff's judging of a call (issue #16): rubric, jurors, rounds and ranking, dashboard, juror pack. */
export function JudgingPanel({ inviteId }: { inviteId: number }) {
  const { t } = useTranslation('judging');
  const { data, isPending, isError } = useJudging(inviteId);
  if (isPending) return <Spinner />;
  if (isError || !data) return <p className="empty">{t('loadFailed')}</p>;
  return (
    <div className={styles.panel} data-testid="judging-panel">
      <Rubric judging={data} />
      <Jurors judging={data} />
      <RankingTable judging={data} />
      <FairJudging invite={inviteId} />
      <VoteRounds invite={inviteId} />
      <Dashboard invite={inviteId} />
      <Pack invite={inviteId} />
    </div>
  );
}
