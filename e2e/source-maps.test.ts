import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDistDir, startTestServer, type TestServer } from './support/index.js';

/**
 * The build keeps its source maps (error reports, bench/profile-page.ts) but the public site never
 * serves them: they carry the client's whole source and its comments.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const assets = readdirSync(path.join(clientDistDir, 'assets'));
const scripts = assets.filter((file) => file.endsWith('.js'));
const maps = assets.filter((file) => file.endsWith('.js.map'));

describe('source maps', () => {
  it('are built, but no script points to them', () => {
    expect(maps.length).toBeGreaterThan(0);
    for (const file of scripts) expect(readFileSync(path.join(clientDistDir, 'assets', file), 'utf8'), file).not.toMatch(/sourceMappingURL/);
  });

  it('answer 404 to the public, however the path is spelled, while the scripts are served', async () => {
    const script = scripts[0] ?? '';
    const map = maps[0] ?? '';
    expect((await fetch(`${server.baseUrl}/assets/${script}`)).status).toBe(200);
    for (const url of [`/assets/${map}`, `/assets/${map}?v=1`, `/assets/${map.replace(/\.map$/, '%2Emap')}`, `/assets/${map.replace(/\.map$/, '.MAP')}`, `/assets//${map}`]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await fetch(`${server.baseUrl}${url}`, { headers: { 'accept-encoding': encoding } });
        expect(response.status, `${url} (${encoding})`).toBe(404);
        expect(await response.text()).not.toMatch(/"mappings"/);
      }
    }
  });
});

describe("the page's template", () => {
  it('is never served as a file, unfilled: /index.html and its compressed copies get the page itself, or nothing', async () => {
    for (const url of ['/index.html', '/index.html.br', '/index.html.gz', '/INDEX.HTML', '/%69ndex.html', '//index.html']) {
      const response = await fetch(`${server.baseUrl}${url}`, { headers: { 'accept-encoding': 'identity' } });
      const text = await response.text();
      expect(text, url).not.toContain('<!--parley-config-->');
      expect(text, url).not.toMatch(/<!--parley-[a-z-]+-->/);
      expect(response.headers.get('cache-control') ?? '', url).not.toContain('public');
    }
  });
});
