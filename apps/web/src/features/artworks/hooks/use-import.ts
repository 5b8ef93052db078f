import type { ImportAnswer, ImportPublished } from '@axoo/contract/imports';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { loadImport, publishImport, startImport } from '../api/imports.ts';

/** How often a running import's progress is asked for. */
const POLL_MS = 1000;

/**
 * Issue #34 (5): the import page's state: the ZIP sent, the import followed until its job has ended, its drafts
 * published together (quietly unless the artist says otherwise); errors as the server worded them.
 */
export function useImport() {
  const { t } = useTranslation('upload');
  const [current, setCurrent] = useState<ImportAnswer | null>(null);
  const [errors, setErrors] = useState<string[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<ImportPublished | null>(null);
  const failed = useCallback((err: unknown) => setErrors(err instanceof ApiError ? Object.values(err.fields).flat() : [t('errors.saveFailed')]), [t]);

  const send = useCallback(
    async (file: File) => {
      setErrors(undefined);
      setPublished(null);
      setBusy(true);
      try {
        setCurrent(await startImport(file));
      } catch (err) {
        failed(err);
      } finally {
        setBusy(false);
      }
    },
    [failed],
  );

  const running = current !== null && (current.status === 'queued' || current.status === 'running');
  const id = current?.id;
  useEffect(() => {
    if (!running || id === undefined) return;
    const timer = setInterval(() => void loadImport(id).then(setCurrent, failed), POLL_MS);
    return () => clearInterval(timer);
  }, [running, id, failed]);

  const publish = useCallback(
    async (quiet: boolean) => {
      if (!current) return;
      setBusy(true);
      try {
        setPublished(await publishImport(current.id, quiet));
        setCurrent(await loadImport(current.id));
      } catch (err) {
        failed(err);
      } finally {
        setBusy(false);
      }
    },
    [current, failed],
  );

  return { current, errors, busy, running, published, send, publish };
}
