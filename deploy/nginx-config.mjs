#!/usr/bin/env node
// Writes the nginx configuration for N app processes (issue #13). One source for the deployment kit and the
// cluster suite:
//   node deploy/nginx-config.mjs --listen 80 --server-name example.org --cache /var/cache/nginx/axoo 127.0.0.1:8081 127.0.0.1:8082
// prints a `server`-level file for /etc/nginx/conf.d/ (with --standalone, a whole nginx.conf for `nginx -c`);
// `--down 127.0.0.1:8081` (repeatable) marks a process nginx sends nothing new to, for its restart.
import { pathToFileURL } from 'node:url';

/**
 * `down` names upstreams nginx sends nothing new to (a process about to restart: docs/DEPLOYING.md, rolling restart).
 * @param {{ upstreams: string[], down?: string[], listen: string | number, serverName?: string, cacheDir: string,
 *           standalone?: { pid: string, errorLog: string, tempDir: string } }} o
 */
export function nginxConfig(o) {
  const servers = o.upstreams.map(
    (u) => `    # Passive health: two failures take a process out for 3 s; nginx then tries it again.
    server ${u} max_fails=2 fail_timeout=3s${o.down?.includes(u) ? ' down' : ''};`,
  );
  const site = `# AXOO behind nginx: ${o.upstreams.length} identical app processes (docs/DEPLOYING.md).
upstream axoo {
${servers.join('\n')}
    keepalive 64;
    # An idle connection to a process is closed by nginx after 4 s: a stopping process drains for longer
    # (SHUTDOWN_DRAIN_MS=5000), so it never closes one nginx may be writing a request on.
    keepalive_timeout 4s;
}

# Hashed assets are immutable: nginx keeps a copy so the app is asked once per file. Media answers are kept 30 s and
# then revalidated (below); entries unused for 30 days leave the disk.
proxy_cache_path ${o.cacheDir} levels=1:2 keys_zone=axoo_static:20m max_size=10g inactive=30d use_temp_path=off;

server {
    listen ${o.listen};
    server_name ${o.serverName ?? '_'};

    # Uploads to the local store arrive as PUTs through the app (presigned); 20 MB covers its largest image.
    client_max_body_size 25m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    # The app believes these only from the hops TRUST_PROXY names (set TRUST_PROXY=1 behind this one).
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-Host $host;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;

    # Failover: a request that could not reach a process, or that a stopping process answered 502/503/504, is
    # retried on the next one. nginx never retries a POST, PUT, PATCH or DELETE that reached a process
    # (non_idempotent is not set), so a write is never applied twice.
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 3;
    proxy_next_upstream_timeout 10s;

    # The app compresses its answers (brotli or gzip by Accept-Encoding, assets precompressed); nginx
    # compresses what reaches it uncompressed.
    gzip on;
    gzip_proxied any;
    gzip_vary on;
    gzip_min_length 1024;
    gzip_types text/css application/javascript application/json image/svg+xml text/plain application/xml application/atom+xml;

    location /assets/ {
        proxy_pass http://axoo;
        proxy_cache axoo_static;
        proxy_cache_valid 200 30d;
        proxy_cache_key $scheme$host$request_uri$http_accept_encoding;
        add_header Cache-Control "public, max-age=31536000, immutable" always;
        add_header X-Cache $upstream_cache_status always;
    }

    location /media/ {
        proxy_pass http://axoo;
        proxy_cache axoo_static;
        # Only found files are kept: a 404 (an upload asked for before its bytes arrived, on any process) is
        # asked again next time, never answered from the cache.
        # Issue #29: a copy is fresh for 30 s (the app's \`s-maxage=30\`, which nginx obeys before this line; the same
        # here for an answer without it). Then nginx asks again with the copy's ETag: the app answers 304 when the
        # bytes and their headers are the same (the copy is fresh again, no bytes move), a new answer when the AI
        # opt-out changed (the tag folds it in), and 404 once the image is deleted, which nginx passes on and never
        # serves its old copy for (no proxy_cache_use_stale, no stale-* extension in the app's Cache-Control).
        # Trade-off and figures: docs/DEPLOYING.md, "Media caching".
        proxy_cache_valid 200 30s;
        proxy_cache_revalidate on;
        # Renditions differ by the Accept header (AVIF, WebP or the original's format).
        proxy_cache_key $scheme$host$request_uri$http_accept;
        proxy_cache_lock on;
        add_header X-Cache $upstream_cache_status always;
    }

    location / {
        proxy_pass http://axoo;
    }
}
`;
  if (!o.standalone) return site;
  const s = o.standalone;
  return `# Standalone nginx.conf (the cluster suite runs nginx with -c on this file).
daemon off;
worker_processes 1;
pid ${s.pid};
error_log ${s.errorLog} warn;
events { worker_connections 1024; }
http {
    access_log off;
    # nginx closes a client's connection after its 1,000th request (keepalive_requests); autocannon, the load of
    # the suite and the bench, may already be sending the next request on it and counts an ECONNRESET that a
    # browser, which retries a GET on a reused connection, never shows (measured: 1 in 5,000-10,000 requests
    # through this proxy, none with the limit raised). The test's load keeps its connections for its whole run.
    keepalive_requests 1000000;
    client_body_temp_path ${s.tempDir}/body;
    proxy_temp_path ${s.tempDir}/proxy;
    fastcgi_temp_path ${s.tempDir}/fastcgi;
    uwsgi_temp_path ${s.tempDir}/uwsgi;
    scgi_temp_path ${s.tempDir}/scgi;
    types { text/html html; application/javascript js; text/css css; }
${site.replace(/^/gm, '    ')}
}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const take = (name, fallback) => {
    const i = args.indexOf(name);
    if (i < 0) return fallback;
    const [value] = args.splice(i, 2).slice(1);
    return value;
  };
  const listen = take('--listen', '80');
  const serverName = take('--server-name', '_');
  const cacheDir = take('--cache', '/var/cache/nginx/axoo');
  const down = [];
  for (let d = take('--down'); d; d = take('--down')) down.push(d);
  if (!args.length) {
    console.error('usage: node deploy/nginx-config.mjs [--listen 80] [--server-name host] [--cache dir] [--down host:port] host:port ...');
    process.exit(2);
  }
  process.stdout.write(nginxConfig({ upstreams: args, down, listen, serverName, cacheDir }));
}
