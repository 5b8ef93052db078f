import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../api/client.ts';

/**
 * A refused submit on a react-hook-form form: each server message under its field (in the language the server
 * answered in, the interface's), what belongs to no field above the buttons, `fallback` when nothing was said.
 */
export function placeServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[], fallback: string) {
  if (!(error instanceof ApiError)) {
    form.setError('root', { message: fallback });
    return;
  }
  const rest: string[] = error.detail ? [error.detail] : [];
  let placed = 0;
  for (const [field, messages] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field)) {
      form.setError(field as Path<T>, { message: messages.join(' ') });
      placed++;
    } else rest.push(...messages);
  }
  if (rest.length || !placed) form.setError('root', { message: rest.join(' ') || fallback });
}
