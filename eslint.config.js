import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['admin', 'auth', 'courses', 'interview', 'landing', 'speaking-test', 'student'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'src/server/db/migrations/**', 'bench/results/**'] },
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
  // Imports flow one way: shared -> client lib/components -> features -> app. Never feature to feature.
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((f) => f !== feature).map((f) => `**/features/${f}/**`).concat(['**/app/**']),
              message: 'A feature may not import another feature or the app; move shared code to src/client/lib or components.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/client/**', 'node:*'], message: 'src/shared runs in the browser and the server: no I/O, no imports from either side.' }] },
      ],
    },
  },
  // The light app's modules (decision 0022): `/`, `/auth` and `/forgot-password` start without React
  // Router and TanStack Query, so neither may be imported here (directly; e2e/first-visit-chunks
  // checks the whole graph in the browser). typescript-eslint's rule, so the feature rules above stay.
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
  {
    files: ['src/client/lib/**/*.{ts,tsx}', 'src/client/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'lib and components are below features and app.' }] },
      ],
    },
  },
);
