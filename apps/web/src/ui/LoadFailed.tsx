import { useTranslation } from 'react-i18next';

/**
 * A list whose answer did not come: says so and offers to ask again, so a failure never reads as "nothing here"
 * (issue #29: the notifications page showed "No notifications yet" when its query failed).
 */
export function LoadFailed({ onRetry, className = 'empty' }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className} role="alert" data-testid="load-failed">
      <p>{t('error.generic')}</p>
      <button type="button" className="btn secondary" onClick={onRetry}>
        {t('actions.retry')}
      </button>
    </div>
  );
}
