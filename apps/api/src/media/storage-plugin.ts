import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Storage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's object store (local folder or S3), made once at start. */
    storage: Storage;
  }
}

/** The driver the configuration asks for; each driver is loaded only when chosen. */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.S3_BUCKET) {
    const { S3Storage } = await import('./s3.ts');
    return new S3Storage(config);
  }
  const { LocalStorage } = await import('./local.ts');
  return new LocalStorage(config);
}

/** Named plugin `storage`: decorates the app with its object store. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', await createStorage(app.config));
  },
  { name: 'storage', dependencies: ['db'] },
);
