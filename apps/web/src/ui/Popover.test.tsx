import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Popover } from './Popover.tsx';

function Share() {
  return (
    <>
      <Popover trigger="Share" triggerProps={{ 'aria-label': 'Share' }} align="end">
        <a href="/x">Facebook</a>
        <button type="button">Copy link</button>
      </Popover>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('Popover', () => {
  it('opens a dialog under its trigger, wired with aria-expanded and aria-controls, focus inside', async () => {
    render(<Share />);
    const trigger = screen.getByRole('button', { name: 'Share' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Share' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', dialog.id);
    expect(dialog).toHaveAttribute('data-align', 'end');
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveFocus();
    // The trigger toggles it closed again.
    await userEvent.click(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    render(<Share />);
    const trigger = screen.getByRole('button', { name: 'Share' });
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Escape from the layers around it (a dialog behind stays open)', async () => {
    const outer = vi.fn();
    render(
      <div onKeyDown={(e) => e.key === 'Escape' && outer()}>
        <Share />
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.keyboard('{Escape}');
    expect(outer).not.toHaveBeenCalled();
    // Closed, the next Escape is theirs again.
    await userEvent.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('closes on a pointer press outside, but not on one inside', async () => {
    render(<Share />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when focus moves outside', async () => {
    render(<Share />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens above the trigger when there is no room below, and lines up with the other edge when too wide', async () => {
    const rect = (top: number, left: number, width: number, height: number) => DOMRect.fromRect({ x: left, y: top, width, height });
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      // The trigger near the bottom right of the window; the panel measured where CSS first puts it.
      return this.tagName === 'BUTTON' ? rect(window.innerHeight - 40, 900, 30, 30) : rect(window.innerHeight - 6, 900, 200, 200);
    });
    Object.defineProperty(document.documentElement, 'clientWidth', { value: 1024, configurable: true });
    try {
      render(
        <Popover trigger="Open" triggerProps={{ 'aria-label': 'Open' }}>
          <button type="button">Inside</button>
        </Popover>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Open' }));
      expect(screen.getByRole('dialog')).toHaveAttribute('data-side', 'above');
      expect(screen.getByRole('dialog')).toHaveAttribute('data-align', 'end');
    } finally {
      spy.mockRestore();
      Reflect.deleteProperty(document.documentElement, 'clientWidth');
    }
  });

  it('renders only its trigger on the server', () => {
    const html = renderToString(<Share />);
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('Facebook');
  });

  it('moves between its links and buttons with the arrow keys, Home and End (issue #21)', async () => {
    render(<Share />);
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Copy link' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Facebook' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Share' })).toHaveFocus();
  });
});
