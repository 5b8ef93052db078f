import { type ButtonHTMLAttributes, type CSSProperties, type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import styles from './Popover.module.css';

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
      className={`${styles.panel} ${className ?? ''}`}
      data-side={place?.side ?? 'below'}
      data-align={place?.align ?? align}
      style={{ '--popover-offset': `${offset}px` } as CSSProperties}
    >
      {children}
    </div>
  );
}
