/** Server or form messages under a field (SPEC §8: per-field messages). */
export function FieldError({ id, messages }: { id?: string; messages?: string[] | string | null }) {
  const list = messages == null ? [] : Array.isArray(messages) ? messages : [messages];
  if (!list.length) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {list.join(' ')}
    </p>
  );
}
