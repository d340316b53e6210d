import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FIRST_VISIT_ROUTES } from '../src/shared/first-visit-routes.ts';

/**
 * What each route's first visit downloads, from the Vite manifest: the entry chunk (the bootstrap,
 * src/client/main.tsx), and the modules src/shared/first-visit-routes.ts names for the route (the app
 * the bootstrap starts, the page, and the parts the page loads as it opens), with everything they
 * import statically, counted once. e2e/first-visit-chunks.test.ts checks in Chromium that each route
 * loads exactly these files. Sizes are gzip level 9 (what the server sends pre-compressed; brotli is
 * smaller still).
 */
export const ROUTE_PAGES: Record<string, readonly string[]> = Object.fromEntries(FIRST_VISIT_ROUTES.map(({ route, modules }) => [route, modules]));

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface RouteSize {
  route: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: number;
  /** The JavaScript files counted (paths inside the client directory, e.g. `assets/index-abc.js`). */
  jsFiles: string[];
}

export function gzipSize(file: string): number {
  const precompressed = `${file}.gz`;
  if (existsSync(precompressed)) return readFileSync(precompressed).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export function measureRoutes(clientDir: string): RouteSize[] {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the client first (npx vite build)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');

  const collect = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
  };

  return Object.entries(ROUTE_PAGES).map(([route, modules]) => {
    const keys = new Set<string>();
    collect(entryKey, keys);
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`${module} (route ${route}) is not in the manifest: update src/shared/first-visit-routes.ts`);
      collect(module, keys);
    }
    let js = 0;
    const jsFiles: string[] = [];
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      js += gzipSize(path.join(clientDir, chunk.file));
      jsFiles.push(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
    }
    const cssBytes = [...css].reduce((sum, sheet) => sum + gzipSize(path.join(clientDir, sheet)), 0);
    return { route, jsGzipBytes: js, cssGzipBytes: cssBytes, files: keys.size + css.size, jsFiles };
  });
}
