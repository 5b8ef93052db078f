import { useSyncExternalStore } from 'react';

/**
 * The shell's loading and modal state (SPEC §2 Guard): every route change clears it,
 * except on artwork and profile routes where modal state is kept.
 */
interface UiState {
  loading: boolean;
  modal: string | null;
}

let state: UiState = { loading: false, modal: null };
const listeners = new Set<() => void>();

function set(next: Partial<UiState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const uiState = {
  get: () => state,
  setLoading: (loading: boolean) => set({ loading }),
  openModal: (modal: string) => set({ modal }),
  closeModal: () => set({ modal: null }),
  /** Called by the shell on every route change. */
  onRouteChange(keepModal: boolean) {
    set(keepModal ? { loading: false } : { loading: false, modal: null });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useUiState(): UiState {
  return useSyncExternalStore(uiState.subscribe, uiState.get, uiState.get);
}
