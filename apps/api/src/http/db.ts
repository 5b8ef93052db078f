import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/** Named plugin `db`: the database the app was built with; closed with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { database: Database; config: Config }) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'db' },
);
