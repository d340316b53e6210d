import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_ROUTES } from '../../shared/first-visit-routes.js';

// The list names modules by path because its readers (the server, the bench, the browser test) know
// the build only by the Vite manifest's keys, which are those paths; a renamed or moved page must
// fail here, at once, rather than in a build or a browser run.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('FIRST_VISIT_ROUTES', () => {
  it('names only source files that exist', () => {
    const missing = FIRST_VISIT_ROUTES.flatMap(({ route, modules }) => modules.filter((module) => !existsSync(path.join(projectRoot, module))).map((module) => `${route}: ${module}`));
    expect(missing).toEqual([]);
    expect(FIRST_VISIT_ROUTES.flatMap(({ modules }) => modules).length).toBeGreaterThan(FIRST_VISIT_ROUTES.length);
  });
});
