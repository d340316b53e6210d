import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { loadConfig, publicConfig } from './src/server/config.ts';
import { renderIndexHtml } from './src/server/lib/index-html.ts';
import { FRAME_END, FRAME_START, ROUTE_FRAMES_FILE } from './src/shared/index-page.ts';

const API_PORT = Number(process.env.API_PORT ?? 3001);

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
  plugins: [react(), injectPublicConfig(), prerenderShell(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Written next to the files for error reports and `bench/profile-page.ts`, without the comment that
    // points a browser to them; the server never serves them (app.ts).
    sourcemap: 'hidden',
    manifest: true,
    // Vite writes, into each chunk that imports a page lazily, the list of files to preload with it.
    // The entry's own files (the `index` group below and the bundler's runtime) are loaded before any
    // lazy import can run, so naming them again only adds bytes to every first visit (about 60 B
    // gzipped on each route; decision 0024 addendum). The page's own preload links (`html`) keep them.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => !/assets\/(index|rolldown-runtime)-[\w-]+\.js$/.test(dep))),
    },
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Seven characters of a file's hash, not eight: its name is written into every chunk that
        // imports it, and random characters do not compress (about 300 B gzipped on each first
        // visit). Seven is the fewest the bundler takes for this many chunks; past its limit the
        // build stops saying so, and the number goes up.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Everything the entry imports statically goes into the entry's own file. Left to itself the
        // bundler split pieces the entry shares with lazy chunks (Mantine's base, react-dom's portal)
        // into small files of their own, which every first visit loaded as extra requests and
        // compressed worse: ~1 KB more on every route (decision 0023).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // The full app's libraries (decision 0022), React Router and TanStack Query, in one file
            // rather than one for each of their pieces the pages share.
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/ },
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
