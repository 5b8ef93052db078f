import { useTranslation } from 'react-i18next';
import { FieldError } from '../../ui/FieldError.tsx';
import { fieldControl } from '../../ui/FormField.tsx';
import type { UploadForm } from './hooks/use-upload-form.ts';
import styles from './Upload.module.css';

/** The author's own time zone: the schedule is typed and shown in it (the upload screen renders in the browser only). */
function inOwnZone(iso: string, lang: string) {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'ko-KR', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/**
 * Issue #34 (1): publish later. A local date and time and SCHEDULE; once scheduled, "Scheduled for …" in the author's
 * time zone, and the schedule can be changed (schedule again) or cancelled.
 */
export function ScheduleField({ upload }: { upload: UploadForm }) {
  const { t, i18n } = useTranslation('upload');
  const { values, update, messagesOf: e, schedule, scheduledAt, draft } = upload;
  return (
    <fieldset className={styles.schedule}>
      <legend>{t('schedule.legend')}</legend>
      {scheduledAt && (
        <p role="status" data-testid="scheduled">
          {t('schedule.scheduled', { when: inOwnZone(scheduledAt, i18n.language) })}
        </p>
      )}
      <label htmlFor="upload-schedule">{t('schedule.at')}</label>
      <input
        {...fieldControl('upload-schedule', e('schedule'))}
        type="datetime-local"
        value={values.schedule}
        onChange={(ev) => update('schedule', ev.target.value)}
      />
      <FieldError for="upload-schedule" messages={e('schedule')} />
      <div className={styles.scheduleActions}>
        <button type="button" className="btn secondary" disabled={draft.saving} onClick={() => void schedule()} data-testid="schedule">
          {scheduledAt ? t('schedule.change') : t('schedule.schedule')}
        </button>
        {scheduledAt && (
          <button type="button" className="btn secondary" disabled={draft.saving} onClick={() => void schedule(true)} data-testid="schedule-cancel">
            {t('schedule.cancel')}
          </button>
        )}
      </div>
    </fieldset>
  );
}
