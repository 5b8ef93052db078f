import {
  type ButtonHTMLAttributes,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import styles from './Popover.module.css';
import { rove } from './roving.ts';

type TriggerProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'aria-expanded' | 'aria-controls' | 'aria-haspopup'> & {
  'data-testid'?: string;
};

export interface PopoverProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** Attributes of the trigger button: class, accessible name, test id… */
  triggerProps?: TriggerProps;
  /** A dialog panel (share links) or a panel holding a listbox (selects). */
  kind?: 'dialog' | 'listbox';
  /** The panel's class (its look; the popover only places it). */
  className?: string;
  /** Which edge of the trigger the panel lines up with; it switches sides when the viewport is too narrow. */
  align?: 'start' | 'end';
  /** Gap between the trigger and the panel, in pixels. */
  offset?: number;
  /** Controlled state; without it the popover keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Rendered only while open. */
  children: ReactNode;
}

/**
 * A small accessible popover: a button with aria-expanded/aria-controls and a panel placed under it
 * by CSS (above it when there is no room below). Closes on Escape (focus back to the trigger), on a
 * pointer press outside and when focus moves outside; its content exists only while open, so
 * nothing in it runs during server rendering or before the first click.
 *
 * Keyboard (issue #21, WAI-ARIA listbox and menu button patterns): Down/Up on a listbox's trigger open it;
 * inside the panel Down/Up move to the next/previous item (a listbox's enabled options, or a dialog's links
 * and buttons), Home/End to the first/last, and in a listbox typed letters move to the next option starting
 * with them. Enter and Space choose (the items are buttons and links). Only the focused option is in the Tab
 * order, so Tab leaves the list (and closes it).
 */
export function Popover({ trigger, triggerProps, kind = 'dialog', className, align = 'start', offset = 4, open, onOpenChange, children }: PopoverProps) {
  const [own, setOwn] = useState(false);
  const isOpen = open ?? own;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const change = useRef<(next: boolean) => void>(() => {});
  change.current = (next) => {
    setOwn(next);
    onOpenChange?.(next);
  };

  useEffect(() => {
    if (!isOpen) return;
    const inside = (target: EventTarget | null) => target instanceof Node && root.current?.contains(target);
    // Capture on window: the innermost layer handles Escape before a dialog around it closes too.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      change.current(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => !inside(event.target) && change.current(false);
    const onFocus = (event: FocusEvent) => !inside(event.target) && change.current(false);
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('focusin', onFocus);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('focusin', onFocus);
    };
  }, [isOpen]);

  return (
    <div ref={root} className={styles.root}>
      <button
        {...triggerProps}
        ref={button}
        type="button"
        aria-haspopup={kind}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        onClick={() => change.current(!isOpen)}
        onKeyDown={(event) => {
          triggerProps?.onKeyDown?.(event);
          if (kind === 'listbox' && !isOpen && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            change.current(true);
          }
        }}
      >
        {trigger}
      </button>
      {isOpen && (
        <Panel id={panelId} kind={kind} label={triggerProps?.['aria-label']} className={className} align={align} offset={offset} trigger={button}>
          {children}
        </Panel>
      )}
    </div>
  );
}

interface PanelProps {
  id: string;
  kind: 'dialog' | 'listbox';
  label?: string;
  className?: string;
  align: 'start' | 'end';
  offset: number;
  trigger: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

function Panel({ id, kind, label, className, align, offset, trigger, children }: PanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Null until measured on mount.
  const [place, setPlace] = useState<{ side: 'above' | 'below'; align: 'start' | 'end' } | null>(null);

  // Before the first paint: room below and to the side, then focus inside (the selected option first).
  useLayoutEffect(() => {
    const panel = ref.current;
    const button = trigger.current;
    if (!panel || !button) return;
    const box = panel.getBoundingClientRect();
    const anchor = button.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const side = box.bottom > window.innerHeight && anchor.top - box.height - offset >= 0 ? 'above' : 'below';
    const across = align === 'start' && box.right > width && anchor.right - box.width >= 0 ? 'end' : align === 'end' && box.left < 0 ? 'start' : align;
    setPlace({ side, align: across });
    const first =
      panel.querySelector<HTMLElement>('[aria-selected="true"]:not(:disabled)') ?? panel.querySelector<HTMLElement>('a[href], button:not(:disabled)');
    (first ?? panel).focus({ preventScroll: true });
    return () => {
      // Closing with focus inside (a choice, Escape): focus goes back to the trigger, not to the page.
      if (panel.contains(document.activeElement)) button.focus();
    };
  }, [align, offset, trigger]);

  const typed = useRef({ text: '', at: 0 });
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const panel = ref.current;
    if (!panel || event.altKey || event.ctrlKey || event.metaKey) return;
    // A text field inside a dialog panel keeps its own keys.
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    const items = [...panel.querySelectorAll<HTMLElement>(kind === 'listbox' ? '[role="option"]:not(:disabled)' : 'a[href], button:not(:disabled)')];
    if (!items.length) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    let next = -1;
    if (event.key.length > 1) typed.current.text = '';
    if (event.key === 'ArrowDown') next = at < 0 ? 0 : Math.min(at + 1, items.length - 1);
    else if (event.key === 'ArrowUp') next = at < 0 ? items.length - 1 : Math.max(at - 1, 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (kind === 'listbox' && event.key.length === 1 && event.key.trim()) {
      // Typeahead: letters typed within half a second make one prefix; a new one starts after the current option.
      const now = event.timeStamp;
      const text = now - typed.current.at < 500 ? typed.current.text + event.key.toLowerCase() : event.key.toLowerCase();
      typed.current = { text, at: now };
      const from = text.length > 1 ? Math.max(at, 0) : at + 1;
      const order = [...items.slice(from), ...items.slice(0, from)];
      const match = order.find((item) => (item.textContent ?? '').trim().toLowerCase().startsWith(text));
      if (match) next = items.indexOf(match);
      else return;
    } else return;
    event.preventDefault();
    items[next]?.focus();
    items[next]?.scrollIntoView?.({ block: 'nearest' });
  };

  // Once placed: inside a scrolling box (upload sidebar, a modal's body) it may still be cut, so bring it into view.
  useEffect(() => {
    if (place) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [place]);

  return (
    <div
      ref={ref}
      id={id}
      // A dialog named like its trigger; a listbox panel leaves the naming to the listbox inside.
      {...(kind === 'dialog' && { role: 'dialog', 'aria-label': label })}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      // A listbox is one Tab stop (ui/roving.ts): Tab leaves it, and the scrolling list still holds a focusable
      // element (axe scrollable-region-focusable).
      onFocus={kind === 'listbox' ? (event) => rove(event.currentTarget, '[role="option"]', event.target) : undefined}
      className={`${styles.panel} ${className ?? ''}`}
      data-side={place?.side ?? 'below'}
      data-align={place?.align ?? align}
      style={{ '--popover-offset': `${offset}px` } as CSSProperties}
    >
      {children}
    </div>
  );
}
