import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cruiseServer, describeLoops, folderGraph, folderLoops, serverFolderOf } from './server-folder-loops.mjs';

// The import rules `npm run lint` holds, run on small made-up source trees: each rule must fire on the
// import it forbids and stay quiet on the ones it allows.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const loopScript = path.join(root, 'scripts', 'server-folder-loops.mjs');

const trees: string[] = [];
// Each case starts dependency-cruiser (a few seconds each, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** A throwaway project holding `files` (path -> source) and a tsconfig like the app's. */
function sourceTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-import-rules-'));
  trees.push(dir);
  const tsconfig = { compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', noEmit: true, allowImportingTsExtensions: true }, include: ['src'] };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** dependency-cruiser with the project's rules over the tree's src: its exit status and report. */
function cruise(dir: string): { status: number | null; output: string } {
  const result = spawnSync(depcruise, ['src', '--config', configFile], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('feature boundaries (dependency-cruiser, resolved paths)', () => {
  it('refuses a feature importing another feature, however the import is written, and allows lib', () => {
    const dir = sourceTree({
      'src/client/features/admin/settings/field-message.ts': 'export const x = 1;\n',
      'src/client/features/progress/chart.ts': 'export const y = 2;\n',
      'src/client/lib/shared-piece.ts': 'export const z = 3;\n',
      'src/client/features/auth/SetPasswordPage.tsx': "import { x } from '../admin/settings/field-message';\nimport { z } from '../../lib/shared-piece';\nexport const page = x + z;\n",
      'src/client/features/courses/CoursesTable.tsx': "import { y } from '../progress/chart.ts';\nexport const table = y;\n",
    });
    const { status, output } = cruise(dir);
    expect(status).not.toBe(0);
    expect(output).toMatch(/no-feature-to-feature: src\/client\/features\/auth\/SetPasswordPage\.tsx → src\/client\/features\/admin\/settings\/field-message\.ts/);
    expect(output).toMatch(/no-feature-to-feature: src\/client\/features\/courses\/CoursesTable\.tsx → src\/client\/features\/progress\/chart\.ts/);
    expect(output).not.toMatch(/shared-piece/);
  });

  it('passes a feature that imports only itself, lib and components', () => {
    const dir = sourceTree({
      'src/client/lib/a.ts': 'export const a = 1;\n',
      'src/client/components/B.tsx': 'export const b = 2;\n',
      'src/client/features/progress/part.ts': 'export const p = 3;\n',
      'src/client/features/progress/Page.tsx': "import { a } from '../../lib/a';\nimport { b } from '../../components/B';\nimport { p } from './part';\nexport const page = a + b + p;\n",
    });
    expect(cruise(dir)).toMatchObject({ status: 0 });
  });
});

describe('server areas (dependency-cruiser)', () => {
  it("refuses an area reaching into another area's insides or db reaching up, and allows the named modules", () => {
    const dir = sourceTree({
      'src/server/auth/passwords.ts': 'export const hash = 1;\n',
      'src/server/auth/access.ts': 'export const requireAuth = 2;\n',
      'src/server/db/schema.ts': "import { requireAuth } from '../auth/access';\nexport const table = requireAuth;\n",
      'src/server/students/service.ts': "import { hash } from '../auth/passwords';\nimport { requireAuth } from '../auth/access';\nimport { table } from '../db/schema';\nexport const s = hash + requireAuth + table;\n",
    });
    const { status, output } = cruise(dir);
    expect(status).not.toBe(0);
    expect(output).toMatch(/server-area-public-modules: src\/server\/students\/service\.ts → src\/server\/auth\/passwords\.ts/);
    expect(output).toMatch(/server-db-below-areas: src\/server\/db\/schema\.ts → src\/server\/auth\/access\.ts/);
    expect(output).not.toMatch(/students\/service\.ts → src\/server\/auth\/access\.ts/);
  });
});

describe('server folder loops (scripts/server-folder-loops.mjs)', () => {
  const loopTree = (extra: Record<string, string> = {}) =>
    sourceTree({
      'src/server/auth/service.ts': "import { find } from '../students/queries';\nexport const user = find;\n",
      'src/server/students/queries.ts': 'export const find = 1;\n',
      'src/server/students/routes.ts': "import { user } from '../auth/service';\nexport const routes = user;\n",
      ...extra,
    });

  it('finds a loop between two folders, names the imports behind it, and the command fails', () => {
    const dir = loopTree();
    const loops = folderLoops(folderGraph(cruiseServer(dir, configFile)));
    expect(loops.map((loop) => loop.folders)).toEqual([['auth', 'students']]);
    const text = describeLoops(loops).join('\n');
    expect(text).toContain('auth -> students (both ways): src/server/auth/service.ts -> src/server/students/queries.ts');
    expect(text).toContain('students -> auth (both ways): src/server/students/routes.ts -> src/server/auth/service.ts');
    const run = spawnSync(process.execPath, [loopScript, dir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('folders of src/server in a loop: auth, students');
  });

  it('finds a loop through three folders', () => {
    const graph = folderGraph([
      { source: 'src/server/a/x.ts', dependencies: [{ resolved: 'src/server/b/y.ts' }] },
      { source: 'src/server/b/y.ts', dependencies: [{ resolved: 'src/server/c/z.ts' }] },
      { source: 'src/server/c/z.ts', dependencies: [{ resolved: 'src/server/a/x.ts' }, { resolved: 'src/server/lib/l.ts' }] },
    ]);
    expect(folderLoops(graph).map((loop) => loop.folders)).toEqual([['a', 'b', 'c']]);
  });

  it('leaves out tests, the test helpers and the top-level files, and passes a tree without loops', () => {
    expect([serverFolderOf('src/server/auth/x.test.ts'), serverFolderOf('src/server/test/app.ts'), serverFolderOf('src/server/app.ts')]).toEqual([null, null, null]);
    const dir = sourceTree({
      'src/server/auth/service.ts': "import { find } from '../students/queries';\nexport const user = find;\n",
      'src/server/students/queries.ts': 'export const find = 1;\n',
      'src/server/students/queries.test.ts': "import { user } from '../auth/service';\nexport const t = user;\n",
      'src/server/test/app.ts': "import { user } from '../auth/service';\nimport { find } from '../students/queries';\nexport const app = user + find;\n",
    });
    const run = spawnSync(process.execPath, [loopScript, dir], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('server folder loops: none');
  });
});
