import i18n from '../i18n/index.ts';

/** A non-2xx answer. `fields` holds DRF-style per-field messages; `detail` the general one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
  get detail(): string | undefined {
    return typeof this.body.detail === 'string' ? this.body.detail : undefined;
  }
  /** Messages per field (non_field_errors included), as the server worded them. */
  get fields(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(this.body)) {
      if (k === 'detail') continue;
      out[k] = Array.isArray(v) ? v.map(String) : [String(v)];
    }
    return out;
  }
}

export function readCookie(name: string): string | undefined {
  const match = document.cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestOptions {
  method?: string;
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (SPEC §7 login). */
  form?: Record<string, string>;
  /** A file sent as it is, with its type (issue #34.5: a ZIP to import). */
  file?: { body: Blob; type: string };
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** false: a 403 is returned to the caller instead of sending the browser to /login/. */
  redirectOn403?: boolean;
  /** Told the status of a successful answer (issue #31: a report answers 201 when new, 200 when filed before). */
  onStatus?: (status: number) => void;
}

export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** Sends the browser to the login page, coming back here afterwards (SPEC §6, §8). */
export function goToLogin() {
  const here = `${window.location.pathname}${window.location.search}`;
  if (window.location.pathname.startsWith('/login/')) return;
  window.location.assign(`/login/?redirect=${encodeURIComponent(here)}`);
}

/**
 * fetch for our API: CSRF header from the cookie on unsafe methods (SPEC §7), the interface
 * language, JSON in and out, and any 403 sends the browser to /login/ (SPEC §6).
 */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = (options.method ?? (options.body !== undefined || options.form || options.file ? 'POST' : 'GET')).toUpperCase();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language || 'ko' };
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.file) {
    headers['Content-Type'] = options.file.type;
    body = options.file.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (UNSAFE.has(method)) headers['X-CSRFToken'] = readCookie('csrftoken') ?? '';
  const res = await fetch(withQuery(path, options.query), { method, headers, body, credentials: 'same-origin', signal: options.signal });
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text };
  }
  if (!res.ok) {
    if (res.status === 403 && options.redirectOn403 !== false) goToLogin();
    throw new ApiError(res.status, (data ?? {}) as Record<string, unknown>);
  }
  options.onStatus?.(res.status);
  return data as T;
}
