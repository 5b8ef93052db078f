import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './mail/index.ts';
import type { Storage } from './media/storage.ts';

/**
 * What a service may use: plain dependencies, never the Fastify instance or a request (issue #12 A; model:
 * immich's services, which take repositories and check access once at the top). The app has every one of these
 * as a decoration, so a route passes `app`; a test or a job passes whatever provides them.
 */
export interface Deps {
  db: Db;
  config: Config;
  storage: Storage;
  mail: Mailer;
  log: FastifyBaseLogger;
}
