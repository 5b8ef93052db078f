import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { myJuriesQuery } from '../api/judging.ts';

/** On a call's page, for its jurors: the way to the scoring screen while judging is open. */
export function JurorLink({ inviteId }: { inviteId: number }) {
  const { t } = useTranslation('judging');
  const { data } = useQuery(myJuriesQuery());
  const mine = data?.find((j) => j.invite === inviteId);
  if (!mine) return null;
  return mine.open ? (
    <Link to={`/goodluck/${inviteId}/jury/`} className="btn small" data-testid="score-link">
      {t('scoreLink')}
    </Link>
  ) : (
    <p className="empty">{t('jurorWaiting')}</p>
  );
}
