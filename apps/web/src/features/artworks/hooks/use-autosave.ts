import { useEffect } from 'react';

export const AUTOSAVE_MS = 3000;

/**
 * Saves a few seconds after the last change (`changes` restarts the timer), unless paused (an upload in flight)
 * or there is nothing worth a record yet.
 */
export function useAutosave(options: {
  dirty: boolean;
  paused: boolean;
  worthSaving: boolean;
  changes: unknown;
  save: () => Promise<unknown>;
  onError: (error: unknown) => void;
}) {
  const { dirty, paused, worthSaving, changes, save, onError } = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` restarts the timer on every edit.
  useEffect(() => {
    if (!dirty || paused || !worthSaving) return;
    const timer = setTimeout(() => void save().catch(onError), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, paused, worthSaving, changes, save]);
}
