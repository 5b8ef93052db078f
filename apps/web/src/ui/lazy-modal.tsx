import { Suspense } from 'react';
import { lazyComponent } from '../lazy.ts';
import type { ConfirmProps, ModalProps } from './Modal.tsx';

/** The dialogs' code (Radix) loads when one is first drawn, not with the page that may open one (issue #29.7). */
export const loadModal = () => import('./Modal.tsx');
const LazyModal = lazyComponent(() => loadModal().then((m) => ({ default: m.Modal })));
const LazyConfirm = lazyComponent(() => loadModal().then((m) => ({ default: m.ConfirmDialog })));

/** Fetches the dialogs' code early (on hover or focus of what opens one); a failure leaves it to the first draw. */
export const prefetchModal = () => {
  loadModal().catch(() => {});
};

/** `Modal`, loaded on first draw; nothing shows while it arrives. Draw it only when it may be open. */
export function Modal(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <LazyModal {...props} />
    </Suspense>
  );
}

/** `ConfirmDialog`, loaded on first draw; nothing shows while it arrives. Draw it only when it may be open. */
export function ConfirmDialog(props: ConfirmProps) {
  return (
    <Suspense fallback={null}>
      <LazyConfirm {...props} />
    </Suspense>
  );
}
