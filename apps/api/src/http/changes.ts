import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Something changed: every cache of the app that could show it clears itself. */
export type ChangeListener = (topic: string) => void;

export interface Changes {
  /** Tells every subscriber (of this process now; of every process once a shared channel is configured). */
  publish(topic: string): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
}

/** The topic published after any write answered through the API. */
export const WRITE = 'write';

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

/**
 * Named plugin `changes`: the one channel by which caches hear of writes. Caches subscribe (they own
 * their state; nobody clears them by hand), and a hook publishes `write` once any unsafe request has
 * been answered, so a guest racing the write cannot keep the old answer.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners = new Set<ChangeListener>();
    const changes: Changes = {
      publish(topic) {
        for (const listener of listeners) listener(topic);
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    app.decorate('changes', changes);
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') changes.publish(WRITE);
    });
  },
  { name: 'changes' },
);
