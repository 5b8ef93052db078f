import type { ReactNode } from 'react';
import { FieldError } from './FieldError.tsx';
import styles from './FormField.module.css';

/** What a field's control spreads: its id, whether it is invalid, and what describes it. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string;
}

interface FormFieldProps {
  /** The control's id; its messages stand under `${id}-error`. */
  id: string;
  label: ReactNode;
  /** The field's message(s) (SPEC §8: per-field messages); the control is marked invalid while there are any. */
  error?: string[] | string | null;
  /** A line under the control, before the messages. */
  hint?: ReactNode;
  /** Gives the hint an id so that it describes the control too. */
  hintId?: string;
  children: (control: ControlProps) => ReactNode;
}

/** Whether a field has a message. */
const hasMessages = (error?: string[] | string | null) => (Array.isArray(error) ? error.length > 0 : Boolean(error));

/**
 * What ties a control to its messages (WCAG 1.3.1, 3.3.1; issue #21), for a field FormField does not lay out:
 * spread it on the input, select, textarea or trigger button, and put `<FieldError for={id} …>` under it. The
 * control is invalid while there are messages and described by them (and by its hint, with `hintId`).
 */
export function fieldControl(id: string, error?: string[] | string | null, hintId?: string): ControlProps {
  const errorId = `${id}-error`;
  return { id, 'aria-invalid': hasMessages(error), 'aria-describedby': hintId ? `${hintId} ${errorId}` : errorId };
}

/**
 * One form field: label, control, hint and messages. `children` renders the control with the given
 * props spread on it, so an input, select or textarea registers itself as it would anywhere.
 */
export function FormField({ id, label, error, hint, hintId, children }: FormFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(fieldControl(id, error, hintId))}
      {hint != null && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError for={id} messages={error} />
    </div>
  );
}

/** A form's success line (a status, read out politely). */
export function FormSuccess({ children }: { children: ReactNode }) {
  return (
    <div className="form-success" role="status">
      {children}
    </div>
  );
}

/** The form-level alert: the messages that belong to no field (features/accounts/form.ts). */
export function FormAlert({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="form-error" role="alert">
      {messages.join(' ')}
    </div>
  );
}
