import { configDefaults, defineConfig } from 'vitest/config';

/**
 * src/shared and src/web do no I/O (DESIGN §2): their tests give the same answer on any database, so
 * a run on PostgreSQL (TEST_DATABASE_URL; CI runs both) leaves them to the run on the embedded one.
 */
const DATABASE_INDEPENDENT_TESTS = ['src/shared/**', 'src/web/**'];

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: process.env.TEST_DATABASE_URL ? [...configDefaults.exclude, ...DATABASE_INDEPENDENT_TESTS] : configDefaults.exclude,
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    retry: 0,
  },
});
