import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n/index.ts';
import { FieldError } from './FieldError.tsx';
import { FormAlert, FormField, FormSuccess, fieldControl } from './FormField.tsx';
import { MultiSelect, Select } from './Select.tsx';

describe('FormField (SPEC §8: per-field messages)', () => {
  it('labels the control, and without a message leaves it valid and shows no alert', () => {
    render(
      <FormField id="f-name" label="Name" hint="Your real name">
        {(control) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('id', 'f-name');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).toHaveAttribute('aria-describedby', 'f-name-error');
    expect(screen.getByText('Your real name')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks the control invalid and describes it with its messages, under the hint', () => {
    render(
      <FormField id="f-gender" label="Gender" hint="Pick one" error={['Required.', 'Really.']}>
        {(control) => (
          <select {...control}>
            <option value="">Choose</option>
          </select>
        )}
      </FormField>,
    );
    const select = screen.getByLabelText('Gender');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Required. Really.');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('id', 'f-gender-error');
    expect(screen.getByText('Pick one').compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lets a hint with an id describe the control', () => {
    render(
      <FormField id="f-email" label="Email" hint="Cannot be changed." hintId="f-email-hint">
        {(control) => <input readOnly value="a@example.com" {...control} />}
      </FormField>,
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Cannot be changed.');
  });
});

describe('FormAlert', () => {
  it('joins the messages in one alert, and shows nothing without any', () => {
    const { rerender } = render(<FormAlert messages={['Too many attempts.', 'Try later.']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try later.');
    rerender(<FormAlert messages={[]} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('FormSuccess', () => {
  it('reads its line out as a status', () => {
    render(<FormSuccess>Saved.</FormSuccess>);
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });

  it('ties a field laid out by hand to its messages the same way, and announces them (issue #21)', () => {
    const { rerender } = render(
      <>
        <label htmlFor="t-title">Title</label>
        <input {...fieldControl('t-title', [], 't-title-hint')} />
        <p id="t-title-hint">Up to 100 characters</p>
        <FieldError for="t-title" messages={[]} />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).toHaveAccessibleDescription('Up to 100 characters');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <>
        <label htmlFor="t-title">Title</label>
        <input {...fieldControl('t-title', ['Enter a title.'], 't-title-hint')} />
        <p id="t-title-hint">Up to 100 characters</p>
        <FieldError for="t-title" messages={['Enter a title.']} />
      </>,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Up to 100 characters Enter a title.');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a title.');
  });

  it('ties a select’s trigger to its messages by the select’s id', () => {
    render(
      <>
        <Select id="u-colour" label="Colour" options={[{ value: 1, label: 'Red' }]} value={null} onChange={() => {}} invalid />
        <FieldError for="u-colour" messages="Choose a colour." />
        <MultiSelect id="u-genres" label="Genres" options={[{ value: 'a', label: 'A' }]} value={[]} onChange={() => {}} max={2} invalid />
        <FieldError for="u-genres" messages={['Choose up to two.']} />
      </>,
    );
    const colour = screen.getByRole('button', { name: /^Colour/ });
    expect(colour).toHaveAttribute('aria-invalid', 'true');
    expect(colour).toHaveAccessibleDescription('Choose a colour.');
    expect(screen.getByRole('button', { name: /^Genres/ })).toHaveAccessibleDescription('Choose up to two.');
  });
});
