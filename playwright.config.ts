import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5180);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-test/e2e';
/** On PostgreSQL every spec shares one server and one database; on the embedded database (below). */
const ON_POSTGRES = Boolean(process.env.E2E_DATABASE_URL);
/**
 * Without E2E_DATABASE_URL a second server with its own embedded database (and its own demo data)
 * serves the second lane, so that lane can take specs that change demo data (decision 0009,
 * addendum c). Its port and data folder follow from the first's.
 */
const SECOND_PORT = PORT + 100;
const SECOND_DATA_DIR = `${DATA_DIR}-second`;
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
const READ_ONLY_SPECS = ['**/accessibility-demo.spec.ts', '**/analytics.spec.ts', '**/console.spec.ts', '**/discovery.spec.ts', '**/guides.spec.ts', '**/pwa.spec.ts', '**/smoke.spec.ts'];

/**
 * Specs of the browser shell and fixed content (guides, feature pages, the service worker, the
 * console check): they read no data that depends on the database, so the PostgreSQL run
 * (E2E_DATABASE_URL) leaves them to the embedded one (decision 0009).
 */
const DATABASE_INDEPENDENT_SPECS = ['**/accessibility-demo.spec.ts', '**/console.spec.ts', '**/guides.spec.ts', '**/pwa.spec.ts', '**/smoke.spec.ts'];

/**
 * On PostgreSQL (E2E_DATABASE_URL) the demo-data lane runs only these specs: the ones whose outcome
 * depends on the engine below the API — the booking loop (row locks, holds, the ledger), consent
 * (bytea, encryption, version triggers), sessions, and real time (LISTEN/NOTIFY fan-out for messages
 * and call signalling). Every other spec drives the UI over the same API, whose SQL the API tests
 * check on both databases (decision 0009, addendum of 2026-11-25 b).
 */
const POSTGRES_BROWSER_SPECS = ['**/auth.spec.ts', '**/booking.spec.ts', '**/consent.spec.ts', '**/messaging.spec.ts', '**/video-call.spec.ts'];

/**
 * Demo-data specs that move to the second server's lane on the embedded database, to even out the
 * two lanes' times. Each signs in as demo accounts and changes their data, so it must not share a
 * server with the specs that do the same in the first lane; on its own server it does not.
 */
const SECOND_SERVER_SPECS = ['**/aftercare.spec.ts', '**/availability.spec.ts', '**/booking.spec.ts', '**/consent.spec.ts', '**/flash.spec.ts'];

const DESKTOP_CHROMIUM = { ...devices['Desktop Chrome'], channel: undefined };

/** Browser settings for a lane whose server listens on `port`. */
function at(port: number) {
  const origin = `http://localhost:${port}`;
  return {
    ...DESKTOP_CHROMIUM,
    baseURL: origin,
    // The analytics consent banner would sit over page content in every test; tests of analytics opt in themselves.
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'analytics-consent', value: 'declined' }] }] },
  };
}

/** The app as the browser tests need it, listening on `port` with its data in `dataDir`. */
function server(port: number, dataDir: string) {
  return {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every spec signs in as the same demo accounts and loads full pages one after another (each
      // load opens a socket): far more connections a minute than one person makes.
      WS_CONNECTS_PER_MINUTE: '1000',
      PUBLIC_URL: `http://localhost:${port}`,
      ...(ON_POSTGRES ? { DATABASE_URL: process.env.E2E_DATABASE_URL! } : {}),
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties this folder when it starts: runs that share a checkout each need their own.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  // Two lanes (see projects): specs that sign in as the demo accounts change data other specs read,
  // so each lane runs one spec at a time; on the embedded database each lane has its own server.
  workers: 2,
  retries: 0,
  // Budgets to catch a hang, not to measure speed (bench/ does that): a long scenario took 57–60 s
  // of the 60 s it had, and a chart 10 s to draw, on a CI machine whose two CPUs carry two
  // Chromiums and two servers (2026-11-29).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    ...at(PORT),
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: ON_POSTGRES
    ? [
        { name: 'public pages', testMatch: READ_ONLY_SPECS, testIgnore: DATABASE_INDEPENDENT_SPECS, workers: 1 },
        { name: 'demo data', testMatch: POSTGRES_BROWSER_SPECS, testIgnore: READ_ONLY_SPECS, workers: 1 },
      ]
    : [
        { name: 'demo data', testIgnore: [...READ_ONLY_SPECS, ...SECOND_SERVER_SPECS], workers: 1 },
        { name: 'second server', testMatch: [...READ_ONLY_SPECS, ...SECOND_SERVER_SPECS], workers: 1, use: at(SECOND_PORT) },
      ],
  webServer: ON_POSTGRES ? [server(PORT, DATA_DIR)] : [server(PORT, DATA_DIR), server(SECOND_PORT, SECOND_DATA_DIR)],
});
