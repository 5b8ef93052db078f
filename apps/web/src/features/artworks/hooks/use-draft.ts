import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import type { Artwork, CurrentUser } from '../../../site.ts';
import { type ArtworkPayload, createArtwork, deleteArtwork, findOpenDraft, loadArtwork, saveArtwork } from '../api/upload.ts';

/**
 * SPEC §4 Artwork draft: the artwork record behind the upload form. `/upload/{id}/` loads that artwork (a 404 or
 * someone else's resets to a new upload); a new upload offers the author's open draft; the first image or
 * autosave creates the record and the URL becomes the draft's; `save` writes the payload the form gives.
 */
export function useArtworkDraft(options: {
  inviteId?: number;
  routeId: number | null;
  user: CurrentUser | null;
  /** The form's current payload, read when the record is created or saved. */
  payload: () => ArtworkPayload;
  onLoaded: (artwork: Artwork) => void;
  onReset: () => void;
}) {
  const { inviteId, routeId, user } = options;
  const navigate = useNavigate();
  const [artworkId, setArtworkId] = useState<number | null>(null);
  const [loading, setLoading] = useState(Boolean(routeId));
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const [openDraft, setOpenDraft] = useState<number | null>(null);
  const idRef = useRef<number | null>(null);
  const creating = useRef<Promise<number> | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const draftPath = useCallback((id: number) => (inviteId ? `/goodluck/${inviteId}/upload/${id}/` : `/upload/${id}/`), [inviteId]);
  const newPath = inviteId ? `/goodluck/${inviteId}/upload/` : '/upload/';

  useEffect(() => {
    if (!routeId || routeId === idRef.current || !user) {
      setLoading(false);
      return;
    }
    let cancelled = false;
    setLoading(true);
    loadArtwork(routeId)
      .then((a) => {
        if (cancelled) return;
        if (a.author?.id !== user.id) throw new ApiError(404, {});
        idRef.current = a.id;
        setArtworkId(a.id);
        latest.current.onLoaded(a);
      })
      .catch(() => {
        if (cancelled) return;
        idRef.current = null;
        setArtworkId(null);
        latest.current.onReset();
        navigate(newPath, { replace: true, state: { force: true } });
      })
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [routeId, user, navigate, newPath]);

  useEffect(() => {
    if (routeId || !user || idRef.current) return;
    let cancelled = false;
    findOpenDraft(user.id)
      .then((page) => {
        const draft = page.results[0];
        if (!cancelled && draft) setOpenDraft(draft.id);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [routeId, user]);

  const ensureArtwork = useCallback(async (): Promise<number> => {
    if (idRef.current) return idRef.current;
    creating.current ??= createArtwork(latest.current.payload())
      .then((a) => {
        idRef.current = a.id;
        setArtworkId(a.id);
        setSavedOnce(true);
        navigate(draftPath(a.id), { replace: true, state: { force: true } });
        return a.id;
      })
      .finally(() => {
        creating.current = null;
      });
    return creating.current;
  }, [navigate, draftPath]);

  const save = useCallback(
    async (extra: Partial<ArtworkPayload> = {}) => {
      setSaving(true);
      try {
        const body = { ...latest.current.payload(), ...extra };
        const id = idRef.current ?? (await ensureArtwork());
        const saved = await saveArtwork(id, body);
        setSavedOnce(true);
        return saved;
      } finally {
        setSaving(false);
      }
    },
    [ensureArtwork],
  );

  /** The open draft offer: continue it (its URL), or discard it (deleted). */
  const continueDraft = () => {
    if (openDraft) navigate(draftPath(openDraft), { replace: true, state: { force: true } });
  };
  const discardDraft = () => {
    if (openDraft) void deleteArtwork(openDraft).catch(() => undefined);
    setOpenDraft(null);
  };

  return { artworkId, loading, saving, savedOnce, openDraft, ensureArtwork, save, continueDraft, discardDraft };
}
