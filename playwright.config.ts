import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5180);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * Specs that neither sign in as a demo account nor change data, nor compare two reads of data that
 * the other specs change (landing pages compare review highlights, so they are not here).
 */
const READ_ONLY_SPECS = ['**/analytics.spec.ts', '**/console.spec.ts', '**/discovery.spec.ts', '**/guides.spec.ts', '**/pwa.spec.ts', '**/smoke.spec.ts'];

/**
 * Specs of the browser shell and fixed content (guides, feature pages, the service worker, the
 * console check): they read no data that depends on the database, so the PostgreSQL run
 * (E2E_DATABASE_URL) leaves them to the embedded one (decision 0009).
 */
const DATABASE_INDEPENDENT_SPECS = ['**/console.spec.ts', '**/guides.spec.ts', '**/pwa.spec.ts', '**/smoke.spec.ts'];

const DESKTOP_CHROMIUM = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties this folder when it starts: runs that share a checkout each need their own.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // Two lanes (see projects): specs that sign in as the demo accounts change data other specs read,
  // so they run one at a time; the read-only public-page specs run beside them.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // The analytics consent banner would sit over page content in every test; tests of analytics opt in themselves.
    storageState: { cookies: [], origins: [{ origin: `http://localhost:${PORT}`, localStorage: [{ name: 'analytics-consent', value: 'declined' }] }] },
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'public pages',
      testMatch: READ_ONLY_SPECS,
      testIgnore: process.env.E2E_DATABASE_URL ? DATABASE_INDEPENDENT_SPECS : [],
      workers: 1,
      use: DESKTOP_CHROMIUM,
    },
    { name: 'demo data', testIgnore: READ_ONLY_SPECS, workers: 1, use: DESKTOP_CHROMIUM },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-test/e2e',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${PORT}`,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
