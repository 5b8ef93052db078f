import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';

/**
 * Puts each server field message under its field (SPEC §8) and returns what belongs to no field
 * (non_field_errors, detail, or a field the form does not show) for the form-level alert. The page then moves focus
 * to the first invalid field (kit/focus-invalid.ts).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[], fallback: string): string[] {
  if (!(error instanceof ApiError)) return [fallback];
  const general: string[] = [];
  let placed = false;
  for (const [field, messages] of Object.entries(error.fields)) {
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message: messages.join(' ') });
      placed = true;
    } else general.push(...messages);
  }
  if (error.detail) general.push(error.detail);
  if (!general.length && !placed) general.push(fallback);
  return general;
}
