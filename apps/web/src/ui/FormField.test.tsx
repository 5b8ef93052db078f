import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormAlert, FormField, FormSuccess } from './FormField.tsx';

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
});
