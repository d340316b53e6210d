import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnDaemon, waitUntilReady } from './daemon.js';
import { freePort } from './ports.js';

/** Debian's nginx (package `nginx`; scripts/system-packages.mjs installs it for the end-to-end tests). */
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface Nginx {
  /** For example http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** The access log so far: one line per request, `METHOD URI STATUS upstream=<addr, …> upstream_status=<…>`. */
  accessLog(): string;
  /** nginx's error log so far (upstream failures, retries on the next server). */
  errorLog(): string;
  /** Fast shutdown (SIGTERM), SIGKILL after 5 s; removes the temp folder. */
  stop(): Promise<void>;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The reverse proxy in front of several app processes, as a school would run it. Every request goes
 * round-robin to the upstreams; the client address reaches the apps in X-Forwarded-For (the apps run
 * with TRUST_PROXY=true).
 *
 * Retries on the next upstream (`proxy_next_upstream error timeout http_502 http_503`), without
 * `non_idempotent`: nginx then retries
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
export async function startNginx(options: { upstreams: number[] }): Promise<Nginx> {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`${NGINX_BIN} is missing: install Debian's nginx (apt-get install nginx; node scripts/test.mjs does it as root)`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-nginx-'));
  // As root, nginx's workers run as www-data and must reach their temp folders in here.
  chmodSync(dir, 0o755);
  const port = await freePort();
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
  # A recording may be 40 MB (RECORDING_MAX_BYTES).
  client_max_body_size 41m;

  upstream parley {
    # One failure takes a server out for 10 s: requests go to the others meanwhile.
    ${options.upstreams.map((upstreamPort) => `server 127.0.0.1:${upstreamPort} max_fails=1 fail_timeout=10s;`).join('\n    ')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://parley;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
      # Why not non_idempotent: see startNginx's comment.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
    }
  }
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
  const baseUrl = `http://127.0.0.1:${port}`;
  // Listening once it answers (any answer: the upstreams' health is the caller's business).
  await waitUntilReady(daemon, {
    name: 'nginx',
    what: `start listening on ${baseUrl}`,
    ready: () => fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    ),
    timeoutMs: 10_000,
    intervalMs: 100,
    log: () => `${daemon.output()}${read('error.log')}`,
  });
  return { baseUrl, port, child: daemon.child, accessLog: () => read('access.log'), errorLog: () => read('error.log'), stop: daemon.stop };
}
