/** A browser-like HTTP client for the cluster suite: keeps cookies, sends the CSRF header on writes (SPEC §7). */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(public base: string) {}

  async request(method: string, path: string, body?: unknown, options: { base?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'accept-language': 'en', ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrftoken'] ??= this.cookies.get('csrftoken') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${options.base ?? this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  /** The CSRF cookie a first GET hands out. */
  async prime(base?: string) {
    if (!this.cookies.has('csrftoken')) await this.request('GET', '/healthz', undefined, { base });
  }

  async json<T = Record<string, unknown>>(method: string, path: string, body?: unknown, base?: string): Promise<{ status: number; body: T }> {
    await this.prime(base);
    const res = await this.request(method, path, body, { base });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
}
