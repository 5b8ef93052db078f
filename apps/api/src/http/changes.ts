import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';

/** Something changed: every cache of the app that could show it clears itself. */
export type ChangeListener = (topic: string) => void;

export interface Changes {
  /** Tells every subscriber of this process now, and of every other process through PostgreSQL NOTIFY. */
  publish(topic: string): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
  /** Whether the shared channel is up ('local' on the embedded database, which is one process). */
  readonly channel: 'local' | 'listening' | 'lost';
}

/** The topic published after any write answered through the API. */
export const WRITE = 'write';
/** Told to the listeners when the shared channel was lost: what they hold may be stale, so they drop it. */
export const LOST = 'lost';
/** The PostgreSQL channel every process of one database listens on. */
export const CHANNEL = 'axoo_changes';

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

/**
 * Named plugin `changes`: the one channel by which caches hear of writes. Caches subscribe (they own
 * their state; nobody clears them by hand), and a hook publishes `write` once any unsafe request has
 * been answered, so a guest racing the write cannot keep the old answer.
 *
 * On a PostgreSQL server (several processes may share it, issue #13) a publish is also a `NOTIFY`, and a
 * dedicated connection `LISTEN`s for the other processes' publishes, so their caches clear within
 * milliseconds. When that connection drops, every listener hears `lost` (drop everything: writes may
 * have been missed) and the plugin reconnects with backoff, hearing `lost` once more when it is back.
 */
export const changesPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners = new Set<ChangeListener>();
    const origin = randomBytes(6).toString('hex');
    const tell = (topic: string) => {
      for (const listener of listeners) listener(topic);
    };
    const url = app.database.kind === 'postgres' ? app.config.DATABASE_URL : undefined;
    let state: Changes['channel'] = url ? 'lost' : 'local';
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    let attempt = 0;

    const connect = async () => {
      if (!url || closed) return;
      const c = new pg.Client({ connectionString: url, application_name: 'axoo-changes' });
      const lose = (err?: Error) => {
        if (client !== c) return;
        client = null;
        state = 'lost';
        if (err) app.log.warn({ err }, 'change channel lost; caches dropped, reconnecting');
        tell(LOST);
        c.end().catch(() => undefined);
        schedule();
      };
      c.on('error', lose);
      c.on('end', () => lose());
      c.on('notification', (message) => {
        const [from, topic] = (message.payload ?? '').split('|', 2);
        if (from !== origin && topic) tell(topic);
      });
      try {
        client = c;
        await c.connect();
        await c.query(`LISTEN ${CHANNEL}`);
        if (closed) return void (await c.end());
        state = 'listening';
        // Anything published while the channel was down is unknown: drop it all once more.
        if (attempt > 0) tell(LOST);
        attempt = 0;
      } catch (err) {
        lose(err as Error);
      }
    };
    function schedule() {
      if (closed || retry) return;
      const delay = Math.min(100 * 2 ** attempt++, 5_000);
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
    }

    const changes: Changes = {
      publish(topic) {
        tell(topic);
        if (!url) return;
        app.database.notify(CHANNEL, `${origin}|${topic}`).catch((err: unknown) => app.log.warn({ err }, 'change notify failed'));
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      get channel() {
        return state;
      },
    };
    app.decorate('changes', changes);
    await connect();
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') changes.publish(WRITE);
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    });
  },
  { name: 'changes', dependencies: ['db'] },
);
