// Import rules that need the whole module graph, on resolved paths; run by `npm run lint` after ESLint
// (decisions 0020 and 0036).

/**
 * What each server area offers the other areas: only these files may be imported from outside the
 * area (app.ts, main.ts and cli/ compose the app and may import any area's routes and services).
 */
const SERVER_AREA_PUBLIC_MODULES = {
  analysis: ['view.ts'],
  attempts: ['nothing-to-score.ts', 'service.ts', 'save-guards.ts', 'school-day.ts'],
  auth: ['access.ts', 'display-name.ts', 'limits.ts', 'service.ts', 'sessions.ts'],
  recordings: ['analysis-queue.ts', 'audio-type.ts', 'service.ts', 'store.ts'],
  'school-questions': ['service.ts'],
  students: ['admin-rows.ts', 'queries.ts'],
};

function serverAreaPublicModules() {
  return Object.entries(SERVER_AREA_PUBLIC_MODULES).flatMap(([area, files]) =>
    files.map((file) => `^src/server/${area}/${file.replace(/[.]/g, '[.]')}$`),
  );
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module may not reach itself through its imports (type-only imports and tests included). ' +
        'Break the cycle by moving the piece both sides need to the lower-level module, not by suppressing it.',
      from: {},
      to: { circular: true },
    },
    // Client: shared -> lib and components -> features -> app. Checked on resolved paths, so every
    // folder under features/ is covered, whatever the import string looks like.
    {
      name: 'no-feature-to-feature',
      severity: 'error',
      comment:
        'A feature may not import another feature. Move what both need to src/client/components (UI) or ' +
        'src/client/lib (logic), or let src/client/app compose them.',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'no-feature-to-app',
      severity: 'error',
      comment: 'A feature may not import src/client/app (the app composes the features, not the other way).',
      from: { path: '^src/client/features/' },
      to: { path: '^src/client/app/' },
    },
    {
      name: 'client-lib-below-features',
      severity: 'error',
      comment: 'src/client/lib and src/client/components are below the features and the app: they may not import either.',
      from: { path: '^src/client/(lib|components)/' },
      to: { path: '^src/client/(features|app)/' },
    },
    // Server: lib (generic helpers) < db (the data layer) < the areas (one folder per product area).
    // Tests and the test helpers in src/server/test may reach anything. Folder-level loops between areas
    // are caught by scripts/server-folder-loops.mjs (npm run lint).
    {
      name: 'server-lib-is-generic',
      severity: 'error',
      comment: 'src/server/lib holds helpers with no knowledge of the data layer or of any area: it may import only lib, config.ts and src/shared.',
      from: { path: '^src/server/lib/', pathNot: '[.]test[.]ts$' },
      to: { path: '^src/server/', pathNot: ['^src/server/lib/', '^src/server/config[.]ts$'] },
    },
    {
      name: 'server-db-below-areas',
      severity: 'error',
      comment: 'src/server/db (schema, connection, read caches, seed) is below every area: it may import only db, lib, config.ts and src/shared.',
      from: { path: '^src/server/db/', pathNot: '[.]test[.]ts$' },
      to: { path: '^src/server/', pathNot: ['^src/server/(db|lib)/', '^src/server/config[.]ts$'] },
    },
    {
      name: 'server-area-public-modules',
      severity: 'error',
      comment:
        "An area (a folder of src/server) may use db, lib, mail, config.ts, deps.ts and src/shared freely, but another area only " +
        'through the modules that area offers (SERVER_AREA_PUBLIC_MODULES in .dependency-cruiser.cjs). Use one of those, or ' +
        'move the piece both areas need down to lib or db; make a module public only when it is meant to be used from outside.',
      from: { path: '^src/server/([^/]+)/', pathNot: ['[.]test[.]ts$', '^src/server/(test|cli)/'] },
      to: {
        path: '^src/server/[^/]+/',
        pathNot: ['^src/server/$1/', '^src/server/(db|lib|mail|test)/', ...serverAreaPublicModules()],
      },
    },
  ],
  options: {
    includeOnly: '^src/',
    doNotFollow: { path: 'node_modules' },
    // Count `import type` too: a type-only cycle is the same tangle, only erased at runtime.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
