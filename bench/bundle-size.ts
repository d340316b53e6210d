import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each route's first visit downloads, from the Vite manifest: the entry chunk (the bootstrap,
 * src/client/main.tsx), the app it starts and the page it opens, and everything they import
 * statically, counted once. `/`, `/auth` and `/forgot-password` start the light app, every other
 * path the full app (decision 0022); bench/route-chunks.ts checks in a browser that each route really
 * loads these. Sizes are gzip level 9 (what the server sends pre-compressed; brotli is smaller still).
 */
const LIGHT_APP = 'src/client/app/light.tsx';
const FULL_APP = 'src/client/app/full.tsx';

export const ROUTE_PAGES: Record<string, string[]> = {
  '/': [LIGHT_APP, 'src/client/features/landing/LandingPage.tsx'],
  '/auth': [LIGHT_APP, 'src/client/features/auth/SignInPage.tsx'],
  '/forgot-password': [LIGHT_APP, 'src/client/features/auth/ForgotPasswordPage.tsx'],
  '/student': [FULL_APP, 'src/client/features/student/StudentPage.tsx'],
  '/test': [FULL_APP, 'src/client/features/speaking-test/TestPage.tsx'],
  '/interview-dashboard': [FULL_APP, 'src/client/features/interview/InterviewDashboardPage.tsx'],
  '/interview-simulator': [FULL_APP, 'src/client/features/interview/InterviewSimulatorPage.tsx'],
  '/admin': [FULL_APP, 'src/client/features/admin/AdminPage.tsx'],
  '/admin/courses': [FULL_APP, 'src/client/features/courses/CoursesPage.tsx'],
  '/admin/attempts/:id': [FULL_APP, 'src/client/features/admin/attempts/AttemptReviewPage.tsx'],
};

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
      if (!manifest[module]) throw new Error(`${module} (route ${route}) is not in the manifest: update ROUTE_PAGES`);
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
