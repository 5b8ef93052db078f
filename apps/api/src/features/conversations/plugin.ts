import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { conversationConsoleRoutes } from './console-routes.ts';
import { conversationRoutes } from './routes.ts';

/** Named plugin `conversations`: the inbox's routes and the console's reports (nothing to wire). */
export const conversationsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(conversationRoutes);
    await app.register(conversationConsoleRoutes);
  },
  { name: 'conversations' },
);
