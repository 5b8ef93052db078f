import { MESSAGE_BODY_MAX, MESSAGE_BUDGET_MAX, MESSAGE_SUBJECT_MAX, MESSAGE_TIMELINE_MAX, queryKeys } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { FieldError } from '../../../ui/FieldError.tsx';
import { FormField, fieldControl } from '../../../ui/FormField.tsx';
import { useFocusInvalid } from '../../../kit/focus-invalid.ts';
import { Modal } from '../../../ui/Modal.tsx';
import type { ContactTarget } from '../../../kit/slots.tsx';
import { type ContactInput, startConversation } from '../api/conversations.ts';
import styles from '../Inbox.module.css';

interface ContactValues {
  subject: string;
  body: string;
  budget: string;
  timeline: string;
  aboutArtwork: boolean;
}
/** The server's field names that have a control here ('artwork': the "about this artwork" box). */
const SERVER_FIELDS: Record<string, keyof ContactValues> = {
  subject: 'subject',
  body: 'body',
  budget: 'budget',
  timeline: 'timeline',
  artwork: 'aboutArtwork',
};

/** The form itself: subject, message (with its count), optional budget and timeline, and the artwork it is about. */
export function ContactForm({ artist, artwork, onClose }: ContactTarget & { onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const client = useQueryClient();
  const [sent, setSent] = useState<number | null>(null);
  const form = useForm<ContactValues>({ defaultValues: { subject: '', body: '', budget: '', timeline: '', aboutArtwork: Boolean(artwork) } });
  const { errors, isSubmitting } = form.formState;
  const body = form.watch('body');

  const { ref: formRef, focusInvalid } = useFocusInvalid();
  const submit = form.handleSubmit(async (v) => {
    const input: ContactInput = { artist: artist.id, subject: v.subject, body: v.body, budget: v.budget, timeline: v.timeline };
    if (artwork && v.aboutArtwork) input.artwork = artwork.id;
    try {
      const created = await startConversation(input);
      await client.invalidateQueries({ queryKey: queryKeys.conversations.all() });
      setSent(created.id);
    } catch (error) {
      if (!(error instanceof ApiError)) return form.setError('root', { message: t('contact.failed') });
      const other: string[] = [];
      let placed = 0;
      for (const [field, messages] of Object.entries(error.fields)) {
        // Each message under its field, in the language the server answered in (the interface's).
        const control = SERVER_FIELDS[field];
        if (control && (control !== 'aboutArtwork' || artwork)) {
          form.setError(control, { message: messages.join(' ') });
          placed++;
        } else other.push(...messages);
      }
      // Refusals (a block, a suspension, a limit) and what belongs to no field come as one sentence above the buttons;
      // when every message sits under its field, nothing more is said there.
      const rest = [error.detail, ...other].filter(Boolean).join(' ');
      if (rest || !placed) form.setError('root', { message: rest || t('contact.failed') });
      focusInvalid();
    }
  }, focusInvalid);

  if (sent !== null) {
    return (
      <div className={styles.sent} role="status" data-testid="contact-sent">
        <p>{t('contact.sent', { name: artist.name })}</p>
        <div className={styles.actions}>
          <button type="button" className="btn secondary" onClick={onClose}>
            {t('contact.close')}
          </button>
          <Link to={`/inbox/${sent}/`} className="btn" onClick={onClose}>
            {t('contact.open')}
          </Link>
        </div>
      </div>
    );
  }
  const required = { value: true, message: t('contact.required') };
  return (
    <form ref={formRef} onSubmit={submit} noValidate className={styles.form} data-testid="contact-form">
      <p className={styles.muted}>{t('contact.privacy')}</p>
      <FormField id="contact-subject" label={t('contact.subject')} error={errors.subject?.message}>
        {(c) => <input {...c} {...form.register('subject', { required, maxLength: MESSAGE_SUBJECT_MAX })} maxLength={MESSAGE_SUBJECT_MAX} />}
      </FormField>
      <FormField
        id="contact-body"
        label={t('contact.body')}
        error={errors.body?.message}
        hint={t('contact.count', { count: body.length, max: MESSAGE_BODY_MAX })}
        hintId="contact-body-count"
      >
        {(c) => <textarea {...c} rows={7} {...form.register('body', { required })} maxLength={MESSAGE_BODY_MAX} />}
      </FormField>
      <div className={styles.pair}>
        <FormField id="contact-budget" label={t('contact.budget')} error={errors.budget?.message}>
          {(c) => <input {...c} {...form.register('budget')} maxLength={MESSAGE_BUDGET_MAX} placeholder={t('contact.optional')} />}
        </FormField>
        <FormField id="contact-timeline" label={t('contact.timeline')} error={errors.timeline?.message}>
          {(c) => <input {...c} {...form.register('timeline')} maxLength={MESSAGE_TIMELINE_MAX} placeholder={t('contact.optional')} />}
        </FormField>
      </div>
      {artwork && (
        <div className="field">
          <label className={styles.check}>
            <input
              type="checkbox"
              {...form.register('aboutArtwork')}
              data-testid="contact-about-artwork"
              {...fieldControl('contact-artwork', errors.aboutArtwork?.message)}
            />
            {t('contact.about', { title: artwork.title })}
          </label>
          <FieldError for="contact-artwork" messages={errors.aboutArtwork?.message} />
        </div>
      )}
      {errors.root?.message && (
        <p className="form-error" role="alert" data-testid="contact-error">
          {errors.root.message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn secondary" onClick={onClose} disabled={isSubmitting}>
          {t('contact.cancel')}
        </button>
        <button type="submit" className="btn" disabled={isSubmitting} data-testid="contact-send">
          {isSubmitting ? t('contact.sending') : t('contact.send')}
        </button>
      </div>
    </form>
  );
}

/** The dialog with the form, loaded on the first click of Contact (issue #14: the form library stays off every page's first load). */
export default function ContactDialog({ artist, artwork, onClose }: ContactTarget & { onClose: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Modal open onClose={onClose} title={t('contact.title', { name: artist.name })} size="medium" dismissable={false}>
      <ContactForm artist={artist} artwork={artwork} onClose={onClose} />
    </Modal>
  );
}
