// Import rules that need the whole module graph, run by `npm run lint` after ESLint (decision 0020).
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
