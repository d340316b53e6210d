import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESTARTING_MESSAGE } from './graceful-stop.js';

/**
 * The "Parley is restarting" answer of the proxies docs/deploy.md sets up is the text the end-to-end
 * set-ups run (e2e/support/caddy.ts behind e2e/https-proxy.test.ts, e2e/support/nginx.ts behind
 * e2e/nginx-proxy.test.ts), line for line, so what those tests prove holds for what a school copies.
 * Both proxies give the app's own 503 sentence (graceful-stop.ts) and the same page.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The fenced blocks of `language` in docs/deploy.md. */
const docBlocks = (language: string) => [...read('docs/deploy.md').matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1] ?? '');

/** The lines of `text` without their indentation (the e2e configs nest the doc's blocks deeper). */
const trimmedLines = (text: string) => text.split('\n').map((line) => line.trim());

/** The block that starts at the line beginning `opening` (trimmed), up to its closing brace. */
function blockFrom(text: string, opening: string): string[] {
  const lines = trimmedLines(text);
  const start = lines.findIndex((line) => line.startsWith(opening));
  if (start < 0) throw new Error(`no line starting "${opening}"`);
  let depth = 0;
  for (let i = start; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    // Braces inside quoted text (the JSON, the page) do not count.
    const code = line.replace(/'[^']*'|`[^`]*`|"[^"]*"/g, '');
    depth += (code.match(/{/g) ?? []).length - (code.match(/}/g) ?? []).length;
    if (depth === 0) return lines.slice(start, i + 1);
  }
  throw new Error(`the block "${opening}" is not closed`);
}

/** Whether `lines` appear one after another, in order, among `text`'s trimmed lines. */
const containsLines = (text: string, lines: string[]) => `\n${trimmedLines(text).join('\n')}\n`.includes(`\n${lines.join('\n')}\n`);

const RESTARTING_JSON = JSON.stringify({ message: RESTARTING_MESSAGE });
/** The page's text between the quotes of a `respond`/`return` line. */
const pageIn = (lines: string[]) => lines.find((line) => line.includes('<!doctype html>'))?.replace(/^[^'`]*['`]|['`][^'`]*$/g, '');

describe("the proxies' restarting answer in docs/deploy.md is the one the end-to-end tests run", () => {
  const nginxSite = docBlocks('nginx').find((block) => block.includes('listen 443')) ?? '';
  const caddySite = docBlocks('caddyfile').find((block) => block.includes('handle_errors')) ?? '';

  it("nginx: the map, the error_page lines and both answers' locations, line for line in e2e/support/nginx.ts", () => {
    const parts = [
      blockFrom(nginxSite, 'map $uri $parley_restarting'),
      // Each error_page line on its own: the 429's stands among the per-address limit's lines.
      ...trimmedLines(nginxSite)
        .filter((line) => line.startsWith('error_page'))
        .map((line) => [line]),
      blockFrom(nginxSite, 'location = /parley-restarting/api'),
      blockFrom(nginxSite, 'location = /parley-restarting/page'),
    ];
    const e2e = read('e2e/support/nginx.ts');
    for (const lines of parts) expect(containsLines(e2e, lines), lines.join('\n')).toBe(true);
  });

  it("nginx takes over only its own 502 and 504: the app's answers pass (no proxy_intercept_errors), a 413 stays", () => {
    for (const text of [nginxSite, read('e2e/support/nginx.ts')]) {
      expect(trimmedLines(text).filter((line) => line.startsWith('error_page'))).toEqual(['error_page 429 = $parley_too_many;', 'error_page 502 504 = $parley_restarting;']);
      expect(text).not.toMatch(/^\s*proxy_intercept_errors\s+on/m);
    }
  });

  it('nginx: the per-address limit, the slow-sender time limits and the 429 answers, line for line in e2e/support/nginx.ts', () => {
    const lines = trimmedLines(nginxSite);
    const limitLines = lines.filter((line) => /^(limit_conn|limit_conn_zone|limit_conn_status|client_header_timeout|client_body_timeout)\b/.test(line));
    expect(limitLines).toEqual([
      'limit_conn_zone $binary_remote_addr zone=parley_per_address:10m;',
      'client_header_timeout 15s;',
      'client_body_timeout 60s;',
      'limit_conn parley_per_address 300;',
      'limit_conn_status 429;',
      // The port-80 block, which only redirects, cuts a slow sender as soon.
      'client_header_timeout 15s;',
    ]);
    const e2e = read('e2e/support/nginx.ts');
    expect(trimmedLines(e2e).filter((line) => /^(limit_conn|limit_conn_zone|limit_conn_status|client_header_timeout|client_body_timeout)\b/.test(line))).toEqual(limitLines);
    for (const block of [
      blockFrom(nginxSite, 'map $uri $parley_too_many'),
      blockFrom(nginxSite, 'location = /parley-too-many/api'),
      blockFrom(nginxSite, 'location = /parley-too-many/page'),
    ]) {
      expect(containsLines(e2e, block), block.join('\n')).toBe(true);
    }
    expect(nginxSite).toContain(`return 429 '${JSON.stringify({ message: 'Too many requests from your network at once. Please try again in a moment.' })}';`);
  });

  it("Caddy: the handle_errors block, line for line in e2e/support/caddy.ts", () => {
    const lines = blockFrom(caddySite, 'handle_errors');
    // The e2e writes the Caddyfile in a template literal, where each backtick is escaped.
    expect(containsLines(read('e2e/support/caddy.ts').replaceAll('\\`', '`'), lines), lines.join('\n')).toBe(true);
  });

  it("Caddy: the global servers block (a request's headers within 15 s), line for line in e2e/support/caddy.ts", () => {
    const lines = blockFrom(caddySite, 'servers {');
    expect(lines).toEqual(['servers {', 'timeouts {', 'read_header 15s', '}', '}']);
    expect(containsLines(read('e2e/support/caddy.ts'), lines), lines.join('\n')).toBe(true);
  });

  it("both answer an API request with the app's own sentence and a page request with the same page", () => {
    expect(nginxSite).toContain(`return 503 '${RESTARTING_JSON}';`);
    expect(caddySite).toContain(`respond \`${RESTARTING_JSON}\` 503`);
    const page = pageIn(trimmedLines(nginxSite));
    expect(page).toMatch(/<title>Parley is restarting<\/title>.*<h1>Parley is restarting<\/h1>/);
    expect(pageIn(trimmedLines(caddySite))).toBe(page);
  });
});
