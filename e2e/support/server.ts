import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp, type TestAppOptions } from '../../src/server/test/app.js';
import { clientDistDir } from './paths.js';
import { freePort } from './ports.js';

export interface TestServerOptions extends Omit<TestAppOptions, 'clientDir' | 'outboxDir'> {
  /**
   * Fail at once when the client has not been built (default). Pass false for tests that only use
   * the API: the server then answers pages with 404.
   */
  requireClient?: boolean;
  /** Listen on a port chosen first and give it as PUBLIC_URL (http://127.0.0.1:port), as a school sets it. */
  publicUrl?: boolean;
}

export interface TestServer extends TestApp {
  /** For example http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  /** Where mail goes as .eml files when no SMTP_URL is given in `env`. */
  outboxDir: string;
}

/**
 * The real app, listening on a free local port, on its own fresh database (a clone of a migrated
 * PGlite by default; `driver: 'postgres'` clones the TEST_DATABASE_URL template), serving the built
 * client from dist/client.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { requireClient = true, publicUrl = false, ...appOptions } = options;
  if (requireClient && !existsSync(path.join(clientDistDir, 'index.html'))) {
    throw new Error(`${path.join(clientDistDir, 'index.html')} is missing: build the client with \`npx vite build\` (npm test does it).`);
  }
  const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-outbox-'));
  const chosenPort = publicUrl ? await freePort() : 0;
  const env = publicUrl ? { ...appOptions.env, PUBLIC_URL: `http://127.0.0.1:${chosenPort}` } : appOptions.env;
  const testApp = await createTestApp({ ...appOptions, ...(env ? { env } : {}), clientDir: clientDistDir, outboxDir });
  try {
    await testApp.app.listen({ port: chosenPort, host: '127.0.0.1' });
  } catch (error) {
    await testApp.close();
    rmSync(outboxDir, { recursive: true, force: true });
    throw error;
  }
  const { port } = testApp.app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    ...testApp,
    baseUrl: `http://127.0.0.1:${port}`,
    outboxDir,
    close: () => {
      closing ??= testApp.close().finally(() => rmSync(outboxDir, { recursive: true, force: true }));
      return closing;
    },
  };
}
