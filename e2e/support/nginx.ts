import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnDaemon, waitUntilReady } from './daemon.js';
import { freePort } from './ports.js';

/** Debian's nginx (package `nginx`; scripts/system-packages.mjs installs it for the end-to-end tests). */
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface Nginx {
  /** For example http://127.0.0.1:41234, or https://parley.test:41234 with `tls` (no trailing slash). */
  baseUrl: string;
  port: number;
  /** With `tls`: the plain-http port whose server block redirects to https (docs/deploy.md's `listen 80`). */
  httpPort: number | null;
  child: ChildProcess;
  /** The nginx.conf it runs: docs/deploy.md's site blocks, with the test's own ports and folders. */
  conf: string;
  /** The access log so far: one line per request, `METHOD URI STATUS upstream=<addr, …> upstream_status=<…>`. */
  accessLog(): string;
  /** nginx's error log so far (upstream failures, retries on the next server). */
  errorLog(): string;
  /** Fast shutdown (SIGTERM), SIGKILL after 5 s; removes the temp folder. */
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The app processes' ports: one is docs/deploy.md's single-process site, several its `upstream parley`. */
  upstreams: number[];
  /** Serve https for `hostName` with this certificate and key (PEM files), as the school's nginx does. */
  tls?: { hostName: string; certificateFile: string; keyFile: string };
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The reverse proxy as a school runs it (docs/deploy.md, "Or nginx"): the client address reaches the
 * apps in X-Forwarded-For and the scheme in X-Forwarded-Proto (the apps run with TRUST_PROXY=true).
 * While no app answers, nginx's own 502/504 become the app's restarting sentence (JSON under /api/,
 * a small page elsewhere), as Caddy's `handle_errors` does.
 *
 * With several upstreams, requests go round-robin and are retried on the next upstream
 * (`proxy_next_upstream error timeout http_502 http_503`), without `non_idempotent`: nginx then retries
 * - any request that could not be sent (connection refused: a dead process) or whose upstream
 *   answered 502/503 (a stopping app answers 503 without doing anything, lib/graceful-stop.ts);
 * - GET, HEAD, PUT and DELETE also when the connection broke after the request was sent (PUT and
 *   DELETE are idempotent: the recording upload replaces the attempt's recording, and nginx buffers
 *   the body, so it can send it again).
 * A POST that reached an app which then died is NOT re-sent: the app may have done it already, and
 * not every POST is safe twice (creating a student would answer 409 on a second try, a sign-in
 * would count twice against its budget, a password change could run twice). The client gets 502
 * and decides: the app's outbox re-sends an attempt with the same attemptId, which the server stores
 * once (200 `alreadySaved`). So the retry of non-idempotent requests stays where it is known to be
 * safe.
 */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`${NGINX_BIN} is missing: install Debian's nginx (apt-get install nginx; node scripts/test.mjs does it as root)`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-nginx-'));
  // As root, nginx's workers run as www-data and must reach their temp folders in here.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const httpPort = options.tls ? await freePort() : null;
  const at = (name: string) => path.join(dir, name);
  const conf = `
${asRoot ? 'user www-data;' : ''}
daemon off;
master_process on;
worker_processes 1;
pid ${at('nginx.pid')};
error_log ${at('error.log')} info;
events { worker_connections 512; }
http {
  log_format parley '$request_method $uri $status upstream=$upstream_addr upstream_status=$upstream_status';
  access_log ${at('access.log')} parley;
  client_body_temp_path ${at('client_body')};
  proxy_temp_path ${at('proxy')};
  fastcgi_temp_path ${at('fastcgi')};
  uwsgi_temp_path ${at('uwsgi')};
  scgi_temp_path ${at('scgi')};
${siteConfig(options, port, httpPort)}
}
`;
  writeFileSync(at('nginx.conf'), conf);
  const daemon = spawnDaemon(NGINX_BIN, ['-p', dir, '-c', at('nginx.conf'), '-e', at('error.log')], { dir });
  const read = (name: string) => {
    try {
      return readFileSync(at(name), 'utf8');
    } catch {
      return '';
    }
  };
  const baseUrl = options.tls ? `https://${options.tls.hostName}:${port}` : `http://127.0.0.1:${port}`;
  // Listening once it answers (any answer: the upstreams' health is the caller's business).
  await waitUntilReady(daemon, {
    name: 'nginx',
    what: `start listening on 127.0.0.1:${port}`,
    ready: () => fetch(`http://127.0.0.1:${httpPort ?? port}/api/health`, { signal: AbortSignal.timeout(2_000), redirect: 'manual' }).then(
      () => true,
      () => false,
    ),
    timeoutMs: 10_000,
    intervalMs: 100,
    log: () => `${daemon.output()}${read('error.log')}`,
  });
  return { baseUrl, port, httpPort, child: daemon.child, conf, accessLog: () => read('access.log'), errorLog: () => read('error.log'), stop: daemon.stop };
}

/**
 * docs/deploy.md's site file: the `map` and the `listen 443` server block (and with `tls`, the
 * `listen 80` one), line for line, listening on 127.0.0.1 at the test's ports.
 * src/server/lib/deploy-proxies.test.ts checks that the restarting answer here is the deploy doc's.
 */
function siteConfig(options: NginxOptions, port: number, httpPort: number | null): string {
  const several = options.upstreams.length > 1;
  const target = several ? 'http://parley' : `http://127.0.0.1:${options.upstreams[0] ?? 0}`;
  // docs/deploy.md, "Two app processes": these lines in each location. Why not non_idempotent: see startNginx.
  const retries = several
    ? `
        proxy_connect_timeout 2s;
        proxy_next_upstream error timeout http_502 http_503;
        proxy_next_upstream_tries 3;
        proxy_next_upstream_timeout 10s;`
    : '';
  const upstream = several
    ? `upstream parley {
    # One failure takes a process out for 10 s: requests go to the other meanwhile.
    ${options.upstreams.map((upstreamPort) => `server 127.0.0.1:${upstreamPort} max_fails=1 fail_timeout=10s;`).join('\n    ')}
    keepalive 16;
}`
    : '';
  const { tls } = options;
  return `
${upstream}
# While the app does not answer: the app's own 503 sentence for its API, a small page for the rest.
map $uri $parley_restarting {
    ~^/api/  /parley-restarting/api;
    default  /parley-restarting/page;
}
# Requests in progress at once per client address (limit_conn below); 10 MB holds about 160,000 addresses.
limit_conn_zone $binary_remote_addr zone=parley_per_address:10m;
# Over that limit: a sentence for the app's API, a small page for the rest.
map $uri $parley_too_many {
    ~^/api/  /parley-too-many/api;
    default  /parley-too-many/page;
}
server {
    ${tls ? `listen 127.0.0.1:${port} ssl http2;` : `listen 127.0.0.1:${port};`}
    ${tls ? `server_name ${tls.hostName};` : ''}
    # No nginx version in headers and error pages.
    server_tokens off;
    ${tls ? `ssl_certificate     ${tls.certificateFile};\n    ssl_certificate_key ${tls.keyFile};` : ''}
    # A recording may be 40 MiB (RECORDING_MAX_BYTES).
    client_max_body_size 41m;
    # A slow sender (slowloris) is cut: a request's headers within 15 s (nginx's default is 60 s), as
    # the app's own limit; a body may pause 60 s between two reads (a phone's upload on a poor network).
    client_header_timeout 15s;
    client_body_timeout 60s;
    # At most 300 requests in progress at once from one address: a school's NAT puts a whole class
    # behind one (40 phones, 6 at once each, and a quarter more). Over it: 429 and a sentence.
    limit_conn parley_per_address 300;
    limit_conn_status 429;
    error_page 429 = $parley_too_many;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # While the app does not answer (restarting, stopped), say so: nginx's own answer is a bare
    # "502 Bad Gateway" page. Only nginx's own 502 and 504 (no app took the request, or none answered
    # in time): the app's own answers pass as they are (no proxy_intercept_errors), and a body over
    # client_max_body_size keeps nginx's 413.
    error_page 502 504 = $parley_restarting;

    location / {
        proxy_pass ${target};
        proxy_read_timeout 60s;${retries}
    }
    # A class's import sets a password for every student (a deliberately slow hash each): 200 students
    # took 40-70 s on a busy 2-core server. Its answer holds the new passwords, shown only once.
    location /api/admin/students/import/ {
        proxy_pass ${target};
        proxy_read_timeout 300s;${retries}
    }
    location = /parley-restarting/api {
        internal;
        default_type "application/json; charset=utf-8";
        add_header Retry-After 10 always;
        add_header Cache-Control no-store always;
        return 503 '{"message":"The server is restarting. Please try again in a moment."}';
    }
    location = /parley-restarting/page {
        internal;
        default_type "text/html; charset=utf-8";
        add_header Retry-After 10 always;
        add_header Cache-Control no-store always;
        return 503 '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley is restarting</title><body style="font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5"><h1>Parley is restarting</h1><p>Please try again in a moment.</p></body></html>';
    }
    location = /parley-too-many/api {
        internal;
        default_type "application/json; charset=utf-8";
        add_header Retry-After 10 always;
        add_header Cache-Control no-store always;
        return 429 '{"message":"Too many requests from your network at once. Please try again in a moment."}';
    }
    location = /parley-too-many/page {
        internal;
        default_type "text/html; charset=utf-8";
        add_header Retry-After 10 always;
        add_header Cache-Control no-store always;
        return 429 '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley is busy</title><body style="font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5"><h1>Too many requests from your network at once</h1><p>Please try again in a moment.</p></body></html>';
    }
}
${
  tls && httpPort !== null
    ? `server {
    listen 127.0.0.1:${httpPort};
    server_name ${tls.hostName};
    server_tokens off;
    client_header_timeout 15s;
    return 301 https://$host$request_uri;
}`
    : ''
}`;
}
