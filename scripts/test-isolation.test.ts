import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesThatMockModules, UNIT_TEST_FILES } from './test-isolation.js';

describe('filesThatMockModules (the unit files that keep fresh modules)', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  // Written as `vi.${name}(` so that this file is not one of them.
  const call = (name: string) => `vi.${name}(`;

  it('finds the test files that call vi.mock or vi.doMock, in any folder, and nothing else', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'parley-isolation-'));
    write('src/a/mocks.test.ts', `${call('mock')}'node:crypto', async () => ({}));`);
    write('src/a/b/later.test.tsx', `it('x', async () => { ${call('doMock')}'./y.js'); });`);
    write('src/a/spies.test.ts', `${call('spyOn')}console, 'error'); ${call('mocked')}fn);`);
    write('src/a/mocks.ts', `${call('mock')}'node:fs');`);
    write('src/node_modules/pkg/x.test.ts', `${call('mock')}'z');`);
    write('scripts/s.test.ts', `${call('mock')}'node:fs');`);
    write('other/o.test.ts', `${call('mock')}'node:fs');`);
    expect(filesThatMockModules(root, UNIT_TEST_FILES)).toEqual(['scripts/s.test.ts', 'src/a/b/later.test.tsx', 'src/a/mocks.test.ts']);
  });

  it('finds this project\'s files that mock node:crypto and fastify', () => {
    const found = filesThatMockModules(path.resolve(import.meta.dirname, '..'), UNIT_TEST_FILES);
    expect(found).toContain('src/server/lib/passwords.test.ts');
    expect(found).toContain('src/server/auth/authorization.test.ts');
    expect(found).not.toContain('scripts/test-isolation.test.ts');
  });
});
