import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { spawnDaemon, waitUntilReady } from './daemon.js';
import { freePort } from './ports.js';

/** Debian's caddy (package `caddy`; scripts/system-packages.mjs installs it for the end-to-end tests). */
export const CADDY_BIN = process.env.CADDY_BIN ?? '/usr/bin/caddy';

export interface Caddy {
  /** For example https://parley.test:41234 (no trailing slash). */
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** The Caddyfile it runs, as docs/deploy.md shows it (plus the test's own ports and folders). */
  caddyfile: string;
  /** Caddy's own root certificate (`tls internal`), PEM: what a school installs on its devices to trust it. */
  rootCertificate(): string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Caddy as a school on a LAN without a public name runs it: TLS terminated with a certificate from
 * its own internal CA (`tls internal`), every request passed to the app, which runs with
 * TRUST_PROXY=true and reads the client's address and `https` from X-Forwarded-For/-Proto (Caddy
 * sets both, and keeps the Host header). Everything it keeps (the CA, certificates) is in a temp
 * folder; `skip_install_trust` keeps it from touching the machine's trust store.
 */
export async function startCaddy(options: { hostName: string; upstreamPort: number }): Promise<Caddy> {
  if (!existsSync(CADDY_BIN)) throw new Error(`${CADDY_BIN} is missing: install Debian's caddy (apt-get install caddy; node scripts/test.mjs does it as root)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-caddy-'));
  const port = await freePort();
  const httpPort = await freePort();
  const caddyfile = `{
	admin off
	skip_install_trust
	storage file_system ${path.join(dir, 'storage')}
	http_port ${httpPort}
	https_port ${port}
	auto_https disable_redirects
	# A request's headers within 15 s, as the app's own limit: Caddy 2.6 sets no limit of its own,
	# and a sender trickling its headers kept its connection for as long as it liked.
	servers {
		timeouts {
			read_header 15s
		}
	}
}

${options.hostName}:${port} {
	tls internal
	encode gzip
	# A recording may be 40 MiB (RECORDING_MAX_BYTES). MiB: Caddy reads "41MB" as 41,000,000 bytes.
	request_body {
		max_size 41MiB
	}
	reverse_proxy 127.0.0.1:${options.upstreamPort}
	# While the app does not answer (restarting, stopped), say so: Caddy's own answer is an empty 502.
	# Not for a body over max_size, which Caddy 2.6 also answers 502 ("request body too large").
	handle_errors {
		@down expression \`{err.status_code} in [502, 503, 504] && !{err.message}.contains("too large")\`
		handle @down {
			header Retry-After 10
			header Cache-Control no-store
			@api path /api/*
			handle @api {
				header Content-Type "application/json; charset=utf-8"
				respond \`{"message":"The server is restarting. Please try again in a moment."}\` 503
			}
			handle {
				header Content-Type "text/html; charset=utf-8"
				respond \`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Parley is restarting</title><body style="font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5"><h1>Parley is restarting</h1><p>Please try again in a moment.</p></body></html>\` 503
			}
		}
	}
}
`;
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(file, caddyfile);
  const daemon = spawnDaemon(CADDY_BIN, ['run', '--config', file, '--adapter', 'caddyfile'], {
    dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') },
  });
  const rootFile = path.join(dir, 'storage', 'pki', 'authorities', 'local', 'root.crt');
  const rootCertificate = () => readFileSync(rootFile, 'utf8');
  // Ready once a TLS handshake for the name succeeds (Caddy issues the certificate at start).
  await waitUntilReady(daemon, {
    name: 'caddy',
    what: `serve https on port ${port}`,
    ready: async () => existsSync(rootFile) && (await handshake(port, options.hostName, rootCertificate())).authorized,
    timeoutMs: 20_000,
    intervalMs: 200,
  });
  return { baseUrl: `https://${options.hostName}:${port}`, port, child: daemon.child, caddyfile, rootCertificate, output: daemon.output, stop: daemon.stop };
}

/**
 * A TLS handshake with 127.0.0.1:`port` for `hostName`, trusting only `ca`: whether the certificate
 * served chains to it and names the host, and the error when not.
 */
export function handshake(port: number, hostName: string, ca: string): Promise<{ authorized: boolean; error: string | null; protocol: string | null }> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: hostName, ca, rejectUnauthorized: false });
    const done = (result: { authorized: boolean; error: string | null; protocol: string | null }) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('secureConnect', () =>
      done({ authorized: socket.authorized, error: socket.authorizationError ? String(socket.authorizationError) : null, protocol: socket.getProtocol() }),
    );
    socket.once('error', (error) => done({ authorized: false, error: error.message, protocol: null }));
    socket.setTimeout(3_000, () => done({ authorized: false, error: 'timeout', protocol: null }));
  });
}
