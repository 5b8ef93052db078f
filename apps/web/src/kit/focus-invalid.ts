import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** A control that says it is invalid (ui/FormField.tsx `fieldControl` marks every field this way). */
const INVALID = '[aria-invalid="true"]';

/** Focuses the first invalid control inside `container`, in the order the page shows them; false when there is none. */
export function focusFirstInvalid(container: ParentNode | null | undefined): boolean {
  const first = container?.querySelector<HTMLElement>(INVALID);
  if (!first) return false;
  first.focus();
  return true;
}

/**
 * Every form's answer to a failed submit (issue #29.8, WCAG 3.3.1): once its messages are drawn, focus goes to the
 * first invalid field, whether the form's own checks or the server's 400 per-field messages found it, and however the
 * form keeps its errors (react-hook-form or state). Put `ref` on the form (or what holds its fields) and call
 * `focusInvalid()` after setting the errors: it focuses after React has drawn them.
 */
export function useFocusInvalid<T extends HTMLElement = HTMLFormElement>(): { ref: RefObject<T | null>; focusInvalid: () => void } {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) focusFirstInvalid(ref.current);
  }, [asked]);
  const focusInvalid = useCallback(() => setAsked((n) => n + 1), []);
  return { ref, focusInvalid };
}
