import { queryKeys } from '@axoo/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConversationDetail } from '../api/conversations.ts';

/** Archiving and blocking a conversation: the answer replaces the cached conversation and the lists refresh. */
export function useThreadActions(id: number) {
  const client = useQueryClient();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = async (change: () => Promise<ConversationDetail>) => {
    setBusy(true);
    try {
      client.setQueryData(queryKeys.conversations.detail(id), await change());
      await client.invalidateQueries({ queryKey: queryKeys.conversations.all() });
    } finally {
      setBusy(false);
      setConfirmBlock(false);
    }
  };
  return { busy, act, confirmBlock, setConfirmBlock };
}
