import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../i18n/index.ts';
import { MultiSelect, Select } from './Select.tsx';

describe('Select and MultiSelect (SPEC §4 Dropdowns)', () => {
  const options = [
    { value: 'a', label: 'Apple' },
    { value: 'b', label: 'Banana' },
    { value: 'c', label: 'Cherry' },
  ];

  it('single: a choice closes the list with focus on the trigger; choosing the selected value clears it', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Select label="Fruit" options={options} value={null} onChange={onChange} placeholder="Any" />);
    const trigger = screen.getByRole('button', { name: 'Fruit Any' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'listbox');
    await userEvent.click(trigger);
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(trigger).toHaveAttribute('aria-controls', list.parentElement?.id);
    await userEvent.click(screen.getByRole('option', { name: 'Banana' }));
    expect(onChange).toHaveBeenLastCalledWith('b');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveFocus();

    rerender(<Select label="Fruit" options={options} value="b" onChange={onChange} placeholder="Any" />);
    expect(screen.getByRole('button', { name: 'Fruit Banana' })).toBe(trigger);
    await userEvent.click(trigger);
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveFocus();
    await userEvent.click(screen.getByRole('option', { name: 'Banana' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('multi: stays open while choosing and disables the rest at the max', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<MultiSelect label="Genre" options={options} value={['a']} onChange={onChange} max={2} />);
    await userEvent.click(screen.getByRole('button', { name: /^Genre/ }));
    expect(screen.getByRole('listbox', { name: 'Genre' })).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.click(screen.getByRole('option', { name: /Cherry/ }));
    expect(onChange).toHaveBeenLastCalledWith(['a', 'c']);
    rerender(<MultiSelect label="Genre" options={options} value={['a', 'c']} onChange={onChange} max={2} />);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Banana/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('option', { name: /Apple/ }));
    expect(onChange).toHaveBeenLastCalledWith(['c']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('keyboard (issue #21): Down opens, arrows, Home/End and typeahead move, Enter chooses, Escape closes onto the trigger, Tab leaves', async () => {
    const onChange = vi.fn();
    const more = [...options, { value: 'd', label: 'Blueberry' }];
    render(
      <>
        <Select label="Fruit" options={more} value={null} onChange={onChange} placeholder="Any" />
        <button type="button">After</button>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Fruit Any' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'Fruit' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('option', { name: 'Blueberry' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('option', { name: 'Apple' })).toHaveFocus();
    // Typeahead: a letter goes to the next option starting with it; letters typed together make one prefix.
    await userEvent.keyboard('c');
    expect(screen.getByRole('option', { name: 'Cherry' })).toHaveFocus();
    await userEvent.keyboard('{Home}bl');
    expect(screen.getByRole('option', { name: 'Blueberry' })).toHaveFocus();
    await userEvent.keyboard('{Home}b');
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('b');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveFocus();

    // Space chooses too; Escape closes without a choice and gives focus back.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ }');
    expect(onChange).toHaveBeenLastCalledWith('b');
    expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveFocus();

    // The options are one stop (the focused one): Tab leaves the list for what follows and closes it.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('tabindex'))).toEqual(['-1', '0', '-1', '-1']);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('multi, by keyboard: arrows skip the options disabled at the max; Space toggles and the list stays open', async () => {
    const onChange = vi.fn();
    render(<MultiSelect label="Genre" options={options} value={['a', 'c']} onChange={onChange} max={2} />);
    screen.getByRole('button', { name: /^Genre/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Apple/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Cherry/ })).toHaveFocus();
    await userEvent.keyboard('{ }');
    expect(onChange).toHaveBeenLastCalledWith(['a']);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });
});
