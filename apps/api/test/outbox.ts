import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { Agent } from './app.ts';
import { loginAs, type UserRow } from './factories.ts';

/** Every mail sent so far to `to` (the job queue drained first), oldest first. */
export async function mailsTo(app: FastifyInstance, to: string) {
  await app.jobs.drain();
  let files: string[] = [];
  try {
    files = readdirSync(app.config.outboxDir).sort();
  } catch {}
  const mails = await Promise.all(files.map(async (f) => simpleParser(readFileSync(join(app.config.outboxDir, f)))));
  return mails.filter((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === to);
}

/** A client logged in as `user` (a guest for null). */
export async function agentAs(app: FastifyInstance, user: UserRow | null, lang: 'ko' | 'en' = 'en') {
  const agent = new Agent(app, lang);
  if (user) await loginAs(agent, user);
  return agent;
}
