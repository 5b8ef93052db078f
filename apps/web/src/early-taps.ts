import { type Hydration, HYDRATION_WAIT_MS, ownedByReact } from './hydration.ts';

/**
 * Taps made before the app's code runs (issue #29.9). A page the server drew is whole in the HTML, and its code starts
 * only after its largest image (start.ts); each lazy part of it (the route's page, the overlay's staff buttons)
 * hydrates after its own code arrives. Until React has hydrated a control, it looks ready but does nothing, and a tap
 * there was lost (the phone menu ignored a tap 0.5 s after `load`; the staff level buttons, a lazy part, ignored one
 * made after the shell had hydrated). From the first module on, a tap on a control of the server's markup that React
 * does not own yet is held: its default is stopped (a form must not submit itself to the page's own URL), the control
 * shows it is pressed (`data-early-tap`, styles/global.css), and the tap is given again with `click()` once React
 * owns the control (hydration keeps the server's elements; one React drew anew is found where the held one stood)
 * and the rest of the markup too: a tap changes what other parts show (the level tap re-sorts the home page's Best
 * Projects behind the overlay), and a part hydrated with other data than the server drew it with does not match
 * (React error 418).
 * A tap with a modifier key or another button, a tap on a control React already owns (React itself hydrates its part
 * at once and handles it), and any tap on a link (it works before the code runs) are left alone. Holding stops once
 * the whole markup is React's (hydration.ts).
 */
const CONTROLS = 'button, summary, [role="button"], [role="tab"], [role="menuitem"]';

export function holdEarlyTaps(hydration: Hydration, doc: Document = document): void {
  const root = doc.getElementById('root');
  // A page the browser draws itself has nothing on it before the code runs.
  if (!root?.firstElementChild) return;
  const held = new Set<HTMLElement>();
  let whole = false;
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const control = (event.target as Element | null)?.closest<HTMLElement>(CONTROLS);
    if (!control || !root.contains(control) || control.closest('a[href]')) return;
    if (!hydration.served(control) || ownedByReact(control)) return;
    event.preventDefault();
    event.stopPropagation();
    // One tap per control: a second tap while it waits is the same wish.
    if (held.has(control)) return;
    held.add(control);
    control.setAttribute('data-early-tap', '');
    giveWhenOwned(
      root,
      control,
      pathOf(root, control),
      performance.now(),
      () => whole,
      () => held.delete(control),
    );
  };
  doc.addEventListener('click', onClick, true);
  void hydration.done.then(() => {
    whole = true;
    doc.removeEventListener('click', onClick, true);
  });
}

const POLL_MS = 50;

/**
 * Clicks the control once React owns it and the whole markup; one that never becomes React's is clicked when the wait
 * ends.
 */
function giveWhenOwned(root: Element, held: HTMLElement, path: number[], since: number, whole: () => boolean, given: () => void) {
  // A control React drew anew (the server's markup did not match) stands where the held one stood.
  const control = held.isConnected ? held : atPath(root, path, held);
  if (control && !(whole() && ownedByReact(control)) && performance.now() - since < HYDRATION_WAIT_MS) {
    setTimeout(() => giveWhenOwned(root, control, path, since, whole, given), POLL_MS);
    return;
  }
  held.removeAttribute('data-early-tap');
  control?.removeAttribute('data-early-tap');
  given();
  control?.click();
}

/** Where a control sits under the root: its child index at each level, to find it again if hydration replaced it. */
function pathOf(root: Element, control: Element): number[] {
  const path: number[] = [];
  for (let el: Element | null = control; el && el !== root; el = el.parentElement) {
    path.unshift(el.parentElement ? Array.prototype.indexOf.call(el.parentElement.children, el) : 0);
  }
  return path;
}

/** The element at that place now, when it is the same kind of element. */
function atPath(root: Element, path: number[], like: Element): HTMLElement | null {
  let el: Element | undefined = root;
  for (const i of path) el = el?.children[i];
  return el instanceof HTMLElement && el.tagName === like.tagName ? el : null;
}
