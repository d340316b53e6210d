import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Zod's full build only through src/shared/zod.ts (`zod/mini` builds no compiled parser and may be imported directly). */
const ZOD_PATHS = ['zod', 'zod/v4', 'zod/v4/classic'].map((name) => ({
  name,
  message: 'Import { z } from src/shared/zod.ts: it configures Zod (jitless) before any schema is built.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'src/server/db/migrations/**', 'bench/results/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['scripts/**/*.{js,mjs}', '*.{js,cjs,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The client's import directions (feature to feature, lib and components below features and app) are
  // dependency-cruiser rules on resolved paths (.dependency-cruiser.cjs), so every feature folder is covered.
  // Zod is configured in one module, src/shared/zod.ts, which every schema takes `z` from, so that the
  // configuration is in place before any schema is built (jitless: no eval probe under the page's CSP).
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: ZOD_PATHS }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ZOD_PATHS,
          patterns: [{ group: ['**/server/**', '**/client/**', 'node:*'], message: 'src/shared runs in the browser and the server: no I/O, no imports from either side.' }],
        },
      ],
    },
  },
  // Every setting the server reads from the environment is parsed, checked and documented in one
  // place, src/server/config.ts (the README's configuration table). Tests set their own.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/config.ts', 'src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through src/server/config.ts (loadConfig, or toolSettings where no Config is at hand) and list them in the README.' },
      ],
    },
  },
  // The light app's modules (decision 0022): `/`, `/auth` and `/forgot-password` start without React
  // Router and TanStack Query, so neither may be imported here (directly; e2e/first-visit-chunks
  // checks the whole graph in the browser).
  {
    files: [
      'src/client/main.tsx',
      'src/client/app/light.tsx',
      'src/client/app/light-pages.ts',
      'src/client/app/common.ts',
      'src/client/features/landing/**/*.{ts,tsx}',
      'src/client/features/auth/{SignInPage,ForgotPasswordPage,AlreadyLoggedIn}.tsx',
      'src/client/lib/nav.tsx',
      'src/client/lib/auth/session.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-router', 'react-router/*', '@tanstack/*'],
              message: 'The light app (/, /auth, /forgot-password) runs without React Router and TanStack Query: reach them through lib/nav.tsx and lib/auth/session.ts (decision 0022).',
            },
          ],
        },
      ],
    },
  },
);
