import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RECORDING_MAX_BYTES } from '../../shared/api/attempts-limits.js';

/**
 * The proxies docs/deploy.md sets up, and the e2e set-ups that run them, let the largest recording
 * through. Each reads a size in its own units: Caddy (go-humanize) "MB" as 1,000,000 bytes and "MiB"
 * as 1,048,576; nginx "m" as 1,048,576. Caddy cuts a larger body off with 502, which the outbox
 * retries for ever.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const CADDY_UNITS: Record<string, number> = { B: 1, KB: 1e3, KIB: 1024, MB: 1e6, MIB: 1024 ** 2, GB: 1e9, GIB: 1024 ** 3 };
const NGINX_UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

const sizes = (text: string, pattern: RegExp, units: Record<string, number>) =>
  [...text.matchAll(pattern)].map(([, amount, unit]) => Number(amount) * (units[(unit ?? '').toUpperCase()] ?? Number.NaN));

describe('the proxies take the largest recording', () => {
  it.each(['docs/deploy.md', 'e2e/support/caddy.ts'])("Caddy's request_body max_size in %s", (file) => {
    const found = sizes(read(file), /^\s*max_size\s+(\d+)([A-Za-z]*)$/gm, CADDY_UNITS);
    expect(found).toHaveLength(1);
    expect(found[0]).toBeGreaterThanOrEqual(RECORDING_MAX_BYTES);
  });

  it.each(['docs/deploy.md', 'e2e/support/nginx.ts'])("nginx's client_max_body_size in %s", (file) => {
    const found = sizes(read(file), /^\s*client_max_body_size\s+(\d+)([kKmMgG]?);$/gm, NGINX_UNITS);
    expect(found).toHaveLength(1);
    expect(found[0]).toBeGreaterThanOrEqual(RECORDING_MAX_BYTES);
  });
});
