/**
 * Server or form messages under a field (SPEC §8: per-field messages). `for` is the field's control id: the
 * messages stand under `${for}-error`, which the control names in aria-describedby (ui/FormField.tsx
 * `fieldControl`). They are an alert: a screen reader says them as they appear (an implicit assertive live
 * region, issue #21).
 */
export function FieldError({ id, for: control, messages }: { id?: string; for?: string; messages?: string[] | string | null }) {
  const list = messages == null ? [] : Array.isArray(messages) ? messages : [messages];
  if (!list.length) return null;
  return (
    <p className="field-error" id={id ?? (control ? `${control}-error` : undefined)} role="alert">
      {list.join(' ')}
    </p>
  );
}
