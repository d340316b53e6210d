import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { filesThatMockModules, UNIT_TEST_FILES } from './scripts/test-isolation.ts';
import TestOrder, { CAPTURE_E2E_FILES, CAPTURE_E2E_PROJECT, REAL_TIME_E2E_FILES, REAL_TIME_E2E_PROJECT } from './scripts/test-order.ts';

/*
 * Unit files run three at a time: two of them on the two cores, and beside them, one at a time, the
 * end-to-end files that wait on real-time audio (scripts/test-order.ts spreads them through the unit
 * files). Then the other end-to-end files, two at a time; and last, side by side with nothing else
 * running, the few that hear and measure audio a browser captures in real time (CAPTURE_E2E_FILES).
 * A group's projects share one worker count, so each end-to-end project sits in a group of its own.
 */
const FIRST_GROUP_WORKERS = 3;

/** End-to-end files at a time in the second group. */
const E2E_WORKERS = 2;

/**
 * The first group keeps both cores busy for its whole length, where the recording analysis, started
 * in the idle class as a server starts it, waited minutes for the CPU (analysis/background.ts). It
 * runs at normal priority there; the end-to-end group, two files at a time with the cores about three
 * quarters busy, keeps the server's way.
 */
const FIRST_GROUP_ENV = { PARLEY_ANALYSIS_PRIORITY: 'normal' };

/** Passwords are hashed at a lower scrypt cost in every test file (src/server/lib/passwords.ts says why). */
const TEST_PASSWORD_COST = 'src/server/test/test-password-cost.ts';

/**
 * The unit files that replace a module (vi.mock) keep fresh modules; the others share their
 * worker's (scripts/test-isolation.ts says why).
 */
const MOCKING_UNIT_FILES = filesThatMockModules(fileURLToPath(new URL('.', import.meta.url)), UNIT_TEST_FILES);

/** What both unit projects share. */
const UNIT = {
  environment: 'node',
  globalSetup: ['src/server/test/global-setup.ts'],
  setupFiles: ['src/server/test/fail-on-console-error.ts', TEST_PASSWORD_COST],
  env: FIRST_GROUP_ENV,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Each unit file has its own database and budget keys.
  maxWorkers: FIRST_GROUP_WORKERS,
  sequence: { groupOrder: 0 },
};

/**
 * What the three end-to-end projects share. Each worker keeps its modules from file to file:
 * isolated, each file imported the server, the database and Playwright afresh, about 10 s between
 * files (measured in clean-clone runs, 2,067 s isolated and 1,705 s not). Sound because no
 * end-to-end file mocks a module and each starts its own server on its own database
 * (startTestServer).
 */
const E2E = {
  environment: 'node',
  globalSetup: ['src/server/test/global-setup.ts'],
  setupFiles: [TEST_PASSWORD_COST],
  testTimeout: 90_000,
  hookTimeout: 90_000,
  isolate: false,
  // expect.poll gives up after 1 s by default: too short for a page that fetches its data after
  // load while two files and the recording analysis share the two cores (a desktop page drawn late
  // failed a CI run). A poll that holds still passes at once.
  expect: { poll: { timeout: 5_000 } },
};

export default defineConfig({
  test: {
    sequence: { sequencer: TestOrder },
    projects: [
      {
        test: {
          ...UNIT,
          name: 'unit',
          include: [...UNIT_TEST_FILES],
          exclude: [...configDefaults.exclude, ...MOCKING_UNIT_FILES],
          isolate: false,
        },
      },
      // Only while some file mocks a module: a project without files stops the run ("No test files found").
      ...(MOCKING_UNIT_FILES.length > 0 ? [{ test: { ...UNIT, name: 'unit-isolated', include: MOCKING_UNIT_FILES } }] : []),
      { test: { ...E2E, name: REAL_TIME_E2E_PROJECT, include: [...REAL_TIME_E2E_FILES], env: FIRST_GROUP_ENV, maxWorkers: FIRST_GROUP_WORKERS, sequence: { groupOrder: 0 } } },
      {
        test: {
          ...E2E,
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...REAL_TIME_E2E_FILES, ...CAPTURE_E2E_FILES],
          // Each file starts a server and a browser, and one such file alone kept the two cores 57 % busy
          // (much of an end-to-end test waits on pages, audio and the analysis): two at a time, each file
          // took 1.32 times as long and the group 925 s against 1,436 s (docs/testing.md).
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      { test: { ...E2E, name: CAPTURE_E2E_PROJECT, include: [...CAPTURE_E2E_FILES], maxWorkers: CAPTURE_E2E_FILES.length, sequence: { groupOrder: 2 } } },
    ],
  },
});
