import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What each route's first visit downloads, from the Vite manifest: the entry chunk, the page's own
 * lazy chunk, and everything they import statically, counted once. Sizes are gzip level 9 (what
 * the server sends pre-compressed; brotli is smaller still).
 */
export const ROUTE_PAGES: Record<string, string> = {
  '/': 'src/client/features/landing/LandingPage.tsx',
  '/auth': 'src/client/features/auth/SignInPage.tsx',
  '/forgot-password': 'src/client/features/auth/ForgotPasswordPage.tsx',
  '/student': 'src/client/features/student/StudentPage.tsx',
  '/test': 'src/client/features/speaking-test/TestPage.tsx',
  '/interview-dashboard': 'src/client/features/interview/InterviewDashboardPage.tsx',
  '/interview-simulator': 'src/client/features/interview/InterviewSimulatorPage.tsx',
  '/admin': 'src/client/features/admin/AdminPage.tsx',
  '/admin/courses': 'src/client/features/courses/CoursesPage.tsx',
  '/admin/attempts/:id': 'src/client/features/admin/attempts/AttemptReviewPage.tsx',
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
}

function gzipSize(file: string): number {
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

  return Object.entries(ROUTE_PAGES).map(([route, page]) => {
    if (!manifest[page]) throw new Error(`${page} (route ${route}) is not in the manifest: update ROUTE_PAGES`);
    const keys = new Set<string>();
    collect(entryKey, keys);
    collect(page, keys);
    let js = 0;
    const css = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      js += gzipSize(path.join(clientDir, chunk.file));
      for (const sheet of chunk.css ?? []) css.add(sheet);
    }
    const cssBytes = [...css].reduce((sum, sheet) => sum + gzipSize(path.join(clientDir, sheet)), 0);
    return { route, jsGzipBytes: js, cssGzipBytes: cssBytes, files: keys.size + css.size };
  });
}
