import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: the fault tests (faults/*.test.ts), apart from `npm test`. They run the built
 * server as a process (npm run build:server first), stop a private PostgreSQL instance under load,
 * send SIGTERM with requests in flight and kill -9 a server mid-write.
 */
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
