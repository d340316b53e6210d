import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { loadConfig, publicConfig } from './src/server/config.ts';
import { renderIndexHtml } from './src/server/lib/index-html.ts';
import { FRAME_END, FRAME_START, ROUTE_FRAMES_FILE } from './src/shared/index-page.ts';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/**
 * What only the full app of decision 0022 loads up front (besides app/full.tsx, its chunk's face): the
 * router, TanStack Query; and a few modules of a few hundred bytes that the light app never uses and
 * the signed-in pages share in changing sets (Mantine's DirectionProvider and three of its helpers,
 * the sign-out hook), which otherwise came as small files of their own, each a request and ~0.3 KB of
 * overhead on a first visit (/admin loaded four of them).
 */
const FULL_APP_MODULES =
  /[\\/](node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]|node_modules[\\/]@mantine[\\/](hooks[\\/]esm[\\/](use-merged-ref|use-force-update)[\\/]|core[\\/]esm[\\/]core[\\/](DirectionProvider|MantineProvider[\\/]color-functions[\\/]get-auto-contrast-value)[\\/])|src[\\/]client[\\/](app[\\/](router|RouteGuard)\.tsx|lib[\\/](query-client|auth[\\/](current-user|mutations|use-sign-out))\.ts))/;

/** In development the page gets the same title and class name the server would put in. */
function injectPublicConfig(): Plugin {
  return {
    name: 'parley-public-config',
    apply: 'serve',
    transformIndexHtml: (html) => renderIndexHtml(html, publicConfig(loadConfig({ ...process.env, NODE_ENV: 'development' }))),
  };
}

/**
 * Writes the page frame and header (src/client/app/shell.tsx, rendered by React on the server side of
 * Vite, so its markup and class names are the app's own) into the built index.html's #root: the first
 * paint no longer waits for the scripts (docs/decisions/0012).
 */
function prerenderShell(): Plugin {
  let frames: Record<string, string> = {};
  let outDir = '';
  return {
    name: 'parley-prerender-shell',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // The routes' own first frames (app/shell.tsx renderRouteFrames), for the server to serve.
    writeBundle: () => {
      mkdirSync(path.join(outDir, path.dirname(ROUTE_FRAMES_FILE)), { recursive: true });
      writeFileSync(path.join(outDir, ROUTE_FRAMES_FILE), JSON.stringify(frames));
    },
    transformIndexHtml: {
      order: 'post',
      handler: async (html) => {
        const server = await createServer({
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          plugins: [react()],
        });
        try {
          const shell = (await server.ssrLoadModule('/src/client/app/shell.tsx')) as { renderShell: () => string; renderRouteFrames: () => Record<string, string> };
          const root = '<div id="root"></div>';
          if (!html.includes(root)) throw new Error(`index.html has no empty ${root} for the page shell`);
          frames = shell.renderRouteFrames();
          return html.replace(root, `<div id="root">${FRAME_START}${shell.renderShell()}${FRAME_END}</div>`);
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * Points one module's import of `source` at a file of ours (the build only). If no module imports it
 * there any more (the library moved or changed it), the build stops with `moved`, rather than let
 * what the swap kept out come back unseen.
 */
function swapImport(name: string, source: string, importer: RegExp, file: string, moved: string): Plugin {
  const swapped = path.resolve(import.meta.dirname, file);
  let applied = false;
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    resolveId: (imported, by) => {
      if (imported !== source || !by || !importer.test(by)) return null;
      applied = true;
      return swapped;
    },
    buildEnd(error) {
      if (!error && !applied) this.error(`${moved} (vite.config.ts, plugin ${name}): check the plugin against the installed version.`);
    },
  };
}

/**
 * Mantine's ScrollArea, which every Mantine Table carries (Table.ScrollContainer), imports one hook,
 * useMergeRefs, from @floating-ui/react. In the bundle that module is one piece shared with the
 * tooltips, so every page with a table loaded all of floating-ui (~14 KB gzipped) for it. ScrollArea
 * gets the same hook from a copy (src/client/lib/merge-refs.ts; decision 0023).
 */
const scrollAreaMergeRefs = () =>
  swapImport(
    'parley-scroll-area-merge-refs',
    '@floating-ui/react',
    /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    'src/client/lib/merge-refs.ts',
    "Mantine's ScrollArea no longer imports @floating-ui/react (decision 0023)",
  );

/**
 * Mantine's Table carries Table.ScrollContainer, which imports ScrollArea (~4 KB gzipped) for its
 * default `type="scrollarea"`; Parley's tables all use `type="native"`, a plain scrolling div. Table's
 * ScrollContainer gets ScrollArea lazily instead (React.lazy of the same module), so that it still
 * works if a table ever asks for it, and no page with a table loads it up front (decision 0023).
 */
function tableScrollAreaOnDemand(): Plugin {
  const id = '\0parley-table-scroll-area';
  const scrollContainer = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/;
  let real = '';
  return {
    name: 'parley-table-scroll-area-on-demand',
    apply: 'build',
    enforce: 'pre',
    resolveId: async function (source, importer) {
      if (source !== '../ScrollArea/ScrollArea.mjs' || !importer || !scrollContainer.test(importer)) return null;
      real = (await this.resolve(source, importer, { skipSelf: true }))?.id ?? '';
      return real ? id : null;
    },
    load: (loaded) =>
      loaded === id
        ? `import { lazy } from 'react';\nexport const ScrollArea = lazy(() => import(${JSON.stringify(real)}).then((m) => ({ default: m.ScrollArea })));\n`
        : null,
    buildEnd(error) {
      if (!error && !real) this.error("Mantine's Table.ScrollContainer no longer imports ../ScrollArea/ScrollArea.mjs where the parley-table-scroll-area-on-demand plugin looks for it (vite.config.ts, decision 0023): check the plugin against the installed Mantine.");
    },
  };
}

/**
 * Mantine's `useId` sets a random id in a layout effect after the first render, so every Mantine input
 * renders twice on mount, the second time synchronously within the first render's commit. The hook
 * comes from src/client/lib/mantine-use-id.ts instead: the same id React's `useId` gives, once (decision
 * 0027, session-14 addendum).
 */
const mantineUseIdOnce = () =>
  swapImport(
    'parley-mantine-use-id-once',
    './use-id/use-id.mjs',
    /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/,
    'src/client/lib/mantine-use-id.ts',
    '@mantine/hooks no longer exports useId from ./use-id/use-id.mjs (decision 0027)',
  );

/** Writes .br and .gz beside each built text file; the server sends them as they are (no work per request). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'parley-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), scrollAreaMergeRefs(), tableScrollAreaOnDemand(), mantineUseIdOnce(), injectPublicConfig(), prerenderShell(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Written next to the files for error reports and `bench/profile-page.ts`, without the comment that
    // points a browser to them; the server never serves them (app.ts).
    sourcemap: 'hidden',
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry's own file. Left to itself the
        // bundler split pieces the entry shares with lazy chunks (Mantine's base, react-dom's portal)
        // into small files of their own, which every first visit loaded as extra requests and
        // compressed worse: ~1 KB more on every route (decision 0023).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The full app (decision 0022): React Router and TanStack Query in one file rather than five,
            // as they were when the entry held them.
            { name: 'router', test: FULL_APP_MODULES },
            // The id hook (since session 14 our lib/mantine-use-id.ts in place of Mantine's, which the
            // pattern still names) with the two helpers Mantine's hook and CloseButton used: one small file. Left
            // to itself the bundler puts the helpers with CloseButton while every page using ids also
            // shows a CloseButton, and in two files of their own (two more requests on every form's first
            // visit) once one does not (/admin's tabs, since its search box and alerts are drawn without
            // Mantine's script).
            { name: 'use-id', test: /[\\/](node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-id|use-isomorphic-effect|utils[\\/]random-id)[\\/]|src[\\/]client[\\/]lib[\\/]mantine-use-id\.ts$)/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': `http://127.0.0.1:${API_PORT}` },
  },
});
