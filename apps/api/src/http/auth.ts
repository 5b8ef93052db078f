import type { FastifyRequest } from 'fastify';
import { forbidden, notAuthenticated } from './errors.ts';
import type { UserRow } from '../db/schema/index.ts';

/** The logged-in user, or a 403 that sends the browser to /login/ (SPEC §6). */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

export function requireStaff(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isStaff) throw forbidden();
  return user;
}

/** preHandler forms, for routes that only need the gate. */
export const userOnly = async (request: FastifyRequest) => void requireUser(request);
export const staffOnly = async (request: FastifyRequest) => void requireStaff(request);
