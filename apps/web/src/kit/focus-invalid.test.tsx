import { act, render, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fieldControl } from '../ui/FormField.tsx';
import { focusFirstInvalid, useFocusInvalid } from './focus-invalid.ts';

/** A form that keeps its errors in state, as the console's and the application's do. */
function StateForm({ found }: { found: Record<string, string[]> }) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { ref, focusInvalid } = useFocusInvalid();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(found);
    focusInvalid();
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate>
      {['name', 'url', 'alt'].map((name) => (
        <label key={name}>
          {name}
          <input {...fieldControl(`f-${name}`, errors[name])} />
        </label>
      ))}
      <button type="submit">save</button>
    </form>
  );
}

describe('focus on the first invalid field (issue #29.8)', () => {
  it('focuses the first invalid field in the order the page shows them, once the messages are drawn', () => {
    // The server names `alt` before `url`; the page shows `url` first.
    render(<StateForm found={{ alt: ['Required.'], url: ['Enter a valid URL.'] }} />);
    const save = screen.getByRole('button', { name: 'save' });
    save.focus();
    act(() => save.click());
    expect(screen.getByLabelText('url')).toHaveFocus();
  });

  it('leaves the focus where it is when no field is invalid (a message for the whole form)', () => {
    render(<StateForm found={{ non_field_errors: ['Something went wrong.'] }} />);
    const save = screen.getByRole('button', { name: 'save' });
    save.focus();
    act(() => save.click());
    expect(save).toHaveFocus();
  });

  it('finds nothing in an empty or missing container', () => {
    expect(focusFirstInvalid(null)).toBe(false);
    expect(focusFirstInvalid(document.createElement('div'))).toBe(false);
  });
});
