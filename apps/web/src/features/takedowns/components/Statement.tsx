import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from '../../../ui/FieldError.tsx';
import { fieldControl } from '../../../ui/FormField.tsx';
import styles from '../takedowns.module.css';

/** The good-faith statement a notice and a counter-notice carry: one checkbox, its message under it. */
export function Statement({ id, label, error, field }: { id: string; label: string; error?: string; field: UseFormRegisterReturn }) {
  return (
    <div className="field">
      <label className={styles.check}>
        <input type="checkbox" {...fieldControl(id, error)} {...field} />
        {label}
      </label>
      <FieldError for={id} messages={error} />
    </div>
  );
}

/** What a refused submit said that belongs to no field, above the buttons. */
export function RootError({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
