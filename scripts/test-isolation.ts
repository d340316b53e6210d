/*
 * Which unit test files keep a module graph of their own (vitest.config.ts).
 *
 * Vitest gives every test file fresh modules by default (`isolate: true`): each unit file imported
 * the server, the database layer and PGlite again and migrated a new PGlite template, about 5 s of
 * CPU before its first test (29 files: 234 s one way, 103 s sharing modules; docs/testing.md). The
 * unit files share their worker's modules instead, as the end-to-end files do, except those that
 * replace a module for the file (`vi.mock`, `vi.doMock`): a replaced module would leak into the files
 * run after them in the same worker. They are found by reading the files, so that a new one is never
 * missed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A call that replaces a module for the whole file. */
const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock)\(/;

/** Test files (`*.test.ts`, `*.test.tsx`) under `folders` of `root` that replace a module, as paths relative to `root` with '/'. */
export function filesThatMockModules(root: string, folders: readonly string[]): string[] {
  return folders
    .flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.test\.tsx?$/.test(file) && !file.split(path.sep).includes('node_modules'))
        .map((file) => path.join(folder, file)),
    )
    .filter((file) => MOCKS_A_MODULE.test(readFileSync(path.join(root, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}
