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
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'tinyglobby';

/** The unit test files: the `include` of both unit projects (vitest.config.ts) and where the finder looks. */
export const UNIT_TEST_FILES: readonly string[] = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'];

/** A call that replaces a module for the whole file. */
const MOCKS_A_MODULE = /\bvi\.(?:mock|doMock)\(/;

/**
 * The files of `root` matched by `include` (a Vitest project's globs, read by tinyglobby as Vitest
 * reads them) that replace a module, as paths relative to `root` with '/', outside node_modules.
 */
export function filesThatMockModules(root: string, include: readonly string[]): string[] {
  return globSync([...include], { cwd: root, ignore: ['**/node_modules/**'] })
    .filter((file) => MOCKS_A_MODULE.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}
