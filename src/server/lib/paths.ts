import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, found from this file whether it runs from src/ or dist/. */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project folder (no package.json above the server code).');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');
/** The built client the server serves unless PARLEY_CLIENT_DIR (config.ts) names another (the benchmark serves a build of its own). */
export const clientDistFolder = path.join(projectRoot, 'dist/client');
