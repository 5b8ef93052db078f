import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * RFC 8058 one-click unsubscribe: a mail to subscribers names an address in `List-Unsubscribe` and says it takes a
 * POST; the mail client POSTs exactly `List-Unsubscribe=One-Click` (form-encoded) to it, with no cookie and no CSRF
 * token, so the address's signed query is the only authority. Opened in a browser instead, the address only leads
 * to the unsubscribe page, whose script does the same and says so (a GET changes nothing: link scanners, which open
 * mails' links without running scripts, unsubscribe nobody).
 */
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click', { error: 'mail.one_click_body' }) });

/** The headers of a mail its addressee can leave in one click (`address` takes the POST above). */
export const oneClickHeaders = (address: string) => ({ 'List-Unsubscribe': `<${address}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/** The GET of a one-click address (opened in a browser): on to `page` with the same signed query, acting on nothing. */
export const toOneClickPage = (page: string) => async (request: FastifyRequest, reply: FastifyReply) =>
  reply.redirect(`${page}${request.url.slice(request.url.indexOf('?'))}`, 303);

/** A one-click route's options: no CSRF token (the client sends none) and a limit per address. */
export const oneClickConfig = { csrf: false, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
