import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { rove, roving } from './roving.ts';

const ITEMS = ':scope > button:not(:disabled)';

function Toolbar() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (bar.current) rove(bar.current, ITEMS, bar.current.querySelector(ITEMS));
  }, []);
  return (
    <>
      <button type="button">Before</button>
      <div ref={bar} role="toolbar" aria-label="Formatting" {...roving(ITEMS)}>
        <button type="button" aria-pressed="false">
          Bold
        </button>
        <button type="button" aria-pressed="true">
          Italic
        </button>
        <button type="button" disabled>
          Off
        </button>
        <input aria-label="Alt text" />
        <button type="button">Link</button>
      </div>
      <button type="button">After</button>
    </>
  );
}

describe('roving tabindex (WAI-ARIA toolbar, issue #21)', () => {
  it('is one Tab stop; Left/Right/Home/End move between the enabled buttons; a text field keeps its keys', async () => {
    render(<Toolbar />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Link' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Link' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await userEvent.keyboard('{End}{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    // Leaving and coming back lands on the button last used; the field is its own stop.
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveFocus();
    await userEvent.keyboard('ab{ArrowLeft}');
    expect(screen.getByRole('textbox', { name: 'Alt text' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveAttribute('aria-pressed', 'true');
  });
});
