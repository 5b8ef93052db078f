import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  /**
   * Issue #32: streaming replicas of DATABASE_URL, comma-separated. Reads that tolerate a little staleness (guest
   * pages, lists, profiles, search, sitemaps: GET requests of a browser that did not write in the last seconds) go to
   * one that is up and no further behind than REPLICA_MAX_LAG_MS; writes and transactions always go to the primary.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .refine((urls) => urls.every((u) => /^postgres(ql)?:\/\//.test(u)), 'DATABASE_REPLICA_URLS: postgres:// URLs, comma-separated'),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(2_000),
  SECRET_KEY: optional,
  SITE_NAME: z.string().default('AXOO'),
  PUBLIC_URL: optional,
  WEB_DIST: optional,
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: optional,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('AXOO <no-reply@localhost>'),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(14),
  SENTRY_DSN: optional,
  ANALYTICS_ID: optional,
  PIXEL_ID: optional,
  EDITION_URL: z.string().default('https://edition.axoo.kr/'),
  MEMBERSHIP_URL: z.string().default('https://forms.gle/axoo-membership'),
  ABOUT_URL: z.string().default('https://axoo.kr/about'),
  PRIVACY_URL: z.string().default('https://axoo.kr/privacy'),
  TERMS_URL: z.string().default('https://axoo.kr/terms'),
  INSTAGRAM_URL: z.string().default('https://www.instagram.com/axoo.official/'),
  DELETION_FORM_URL: z.string().default('https://forms.gle/axoo-membership-withdrawal'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Redis for the rate limits and event counters shared by every process (issue #13); unset, they live in the process. */
  REDIS_URL: optional,
  /** Prefix of every Redis key, so several sites (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().default('axoo:'),
  /** Memory for renditions kept per process (issue #14; least recently used out first); 0 reads each from the store. */
  MEDIA_CACHE_MB: z.coerce.number().min(0).default(32),
  /**
   * Issue #36: the longest a statement on PostgreSQL may run; the server cancels it and the request answers 503. A
   * database that stops answering altogether is given 2 s more before the connection is dropped. 0: no limit.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Issue #36: memory a process may spend decoding images at once (uploads, renditions, palettes); a decode waits for
   * room (up to 15 s, then 503), and one that could never fit is refused (400). 1024 MB fits the largest image allowed.
   */
  DECODE_BUDGET_MB: z.coerce.number().int().min(64).default(1024),
  /**
   * Issue #32: the bearer token Prometheus sends to scrape `GET /metrics`. Unset, the address answers 404 and no metric
   * is kept (never public by default). At least 16 characters: make one with `openssl rand -hex 24`.
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, 'METRICS_TOKEN: at least 16 characters'),
  /**
   * Issue #32: a statement that takes this many milliseconds or more is logged (warn) with the route and request id
   * that ran it, its text without its values (PostgreSQL server only). Unset or 0: no timing at all.
   */
  SLOW_QUERY_MS: z.coerce.number().min(0).default(0),
  /** How often each process looks for due jobs (issue #13); 0 turns the worker and the schedules off (drain by hand). */
  JOBS_POLL_MS: z.coerce.number().int().min(0).default(1000),
  /** How often the invite examination sweep and the session expiry run (one process per period). */
  INVITE_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
  SESSION_SWEEP_MS: z.coerce.number().int().positive().default(3_600_000),
  /** How often subscribers' "closes in 3 days" reminders are looked for (issue #19). */
  INVITE_REMINDER_MS: z.coerce.number().int().positive().default(3_600_000),
  /** Issue #17: how often the notifications digest mails (daily) and the insights' rollups are refreshed. */
  NOTIFICATION_DIGEST_MS: z.coerce.number().int().positive().default(86_400_000),
  INSIGHTS_ROLLUP_MS: z.coerce.number().int().positive().default(600_000),
  /** Issue #18: the URL of the site's TDM licensing policy, sent as `tdm-policy` beside `tdm-reservation: 1` (W3C TDMRep). */
  TDM_POLICY_URL: optional,
  /**
   * Issue #35: a PEM file of the certificates whose signers' Content Credentials count as valid (trust anchors).
   * Unset: the list shipped in apps/api/c2pa/trust-anchors.pem.
   */
  C2PA_TRUST_ANCHORS: optional,
  /**
   * Issue #35: the site's C2PA signing key (PKCS#8 PEM, ES256) and its certificate chain (PEM, the signing certificate
   * first), inline or as file paths. Both set: served JPEG/PNG of artworks carry a manifest naming the artist; unset,
   * nothing is signed.
   */
  C2PA_SIGNING_KEY: optional,
  C2PA_CERT_CHAIN: optional,
  /** First retry delay of a failed job; each further try waits twice as long. */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(0).default(5000),
  /** Days a finished job is kept before the hourly purge deletes it (a keyed one only loses its payload; see purgeJobs). */
  JOBS_KEEP_DAYS: z.coerce.number().positive().default(7),
  /**
   * Behind a balancer (issue #13): how long a process told to stop (SIGTERM) keeps listening and serving, every
   * answer closing its connection and /readyz answering 503, before it closes. Longer than the balancer keeps an idle
   * connection (the nginx kit: 4 s), so the balancer, not the process, closes the last idle ones. 0: close at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Which proxies' X-Forwarded-For to believe (issue #13): unset, nobody (a client talking to the server directly
   * cannot choose its own address); a number, that many hops; otherwise a comma-separated list of addresses or CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)?$/, 'TRUST_PROXY: a hop count or a comma-separated list of addresses/CIDRs')
    .optional()
    .transform((v): false | number | string[] => (!v ? false : /^\d+$/.test(v) ? Number(v) : v.split(',').map((a) => a.trim()))),
});

export type Env = z.infer<typeof envSchema>;

/** After its drain, how long a stopping process waits for its requests and jobs before it exits anyway. */
export const SHUTDOWN_GRACE_MS = 15_000;

export interface Config extends Omit<Env, 'SECRET_KEY' | 'DATA_DIR'> {
  DATA_DIR: string;
  SECRET_KEY: string;
  /** PGlite directory, or 'memory://' in tests. */
  pgliteDir: string;
  mediaDir: string;
  outboxDir: string;
}

/** Fastify's `trustProxy` for the setting: nobody, the nearest `n` hops, or the listed addresses and CIDRs. */
export function trustedProxies(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** A setting the product cannot start with; the message says which and what to do (no stack trace needed). */
export class ConfigError extends Error {}

/** Reads every setting once. Nothing is required: a missing SECRET_KEY is generated into DATA_DIR. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const parsed = result.data;
  const dataDir = resolve(overrides.DATA_DIR ?? parsed.DATA_DIR);
  const secret = overrides.SECRET_KEY ?? parsed.SECRET_KEY ?? persistentSecret(dataDir);
  return {
    ...parsed,
    DATA_DIR: dataDir,
    SECRET_KEY: secret,
    pgliteDir: join(dataDir, 'pglite'),
    mediaDir: join(dataDir, 'media'),
    outboxDir: join(dataDir, 'outbox'),
    ...overrides,
  };
}

/**
 * The server's settings (issue #13): as `loadConfig`, and on a server database SECRET_KEY must be set. Every process
 * of a deployment signs sessions, CSRF tokens and mailed links with it, so each generating its own into its
 * DATA_DIR would make one process refuse what another signed.
 */
export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.DATABASE_URL?.trim() && !env.SECRET_KEY?.trim()) {
    throw new ConfigError(
      'SECRET_KEY must be set when DATABASE_URL is: every process of the site signs sessions and links with it, so they must share one. ' +
        'Make one with `openssl rand -base64 48` and put the same value in each process’s environment (docs/DEPLOYING.md, Secrets).',
    );
  }
  // Issue #36: without PUBLIC_URL a mailed link (a password reset) would have to be built from something a request
  // says, its Host header; behind a catch-all server block an attacker chooses it and receives a valid token.
  if (env.DATABASE_URL?.trim() && !env.PUBLIC_URL?.trim()) {
    throw new ConfigError(
      "PUBLIC_URL must be set when DATABASE_URL is: links in mails (password resets, unsubscribes, downloads) are built from it, never from a request's Host header. " +
        "Set it to the site's public origin, e.g. PUBLIC_URL=https://www.example.org (docs/DEPLOYING.md).",
    );
  }
  if (env.DATABASE_REPLICA_URLS?.trim() && !env.DATABASE_URL?.trim()) {
    throw new ConfigError('DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are copies of a PostgreSQL primary, and the embedded database has none.');
  }
  return loadConfig(env);
}

function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
