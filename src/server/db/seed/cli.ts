/**
 * `npm run seed [-- --artists N]`: the demo data (idempotent), plus a benchmark catalogue of
 * N extra artists (topped up to N, so running it twice adds nothing). Honours DATA_DIR,
 * DATABASE_URL and STORAGE_DIR like the server.
 */
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { ConfigError, parseConfig } from '../../config.ts';
import { migrateDatabase, openDatabase } from '../client.ts';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.ts';
import { artistProfiles, bookings, portfolioImages, reviews, services, studios } from '../schema/index.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedDemo } from './demo.ts';

const USAGE = 'Usage: npm run seed -- [--artists N] [--batch-size N] [--force]';

async function main() {
  const { values } = parseArgs({
    options: {
      artists: { type: 'string', default: '0' },
      'batch-size': { type: 'string', default: '500' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const target = Number(values.artists);
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(target) || target < 0 || target > 1_000_000) throw new UsageError(`--artists must be a whole number from 0 to 1000000.\n${USAGE}`);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 5000) throw new UsageError(`--batch-size must be a whole number from 1 to 5000.\n${USAGE}`);

  const config = parseConfig();
  // Demo accounts share a published password: never create them in production by accident.
  if (config.NODE_ENV === 'production' && !values.force) {
    throw new UsageError('Refusing to seed demo accounts with NODE_ENV=production. Pass --force if this really is a throwaway database.');
  }
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  const started = Date.now();
  try {
    const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
    console.log(`Seeding ${where}; files in ${config.STORAGE_DIR}`);
    await migrateDatabase(database);
    const ctx = { config, database };
    const demo = await seedDemo(ctx, { log: (m) => console.log(m) });
    if (!demo.seeded) console.log('Demo data: already present.');
    if (target > 0) {
      const result = await seedCatalogue(ctx, { target, batchSize, log: (m) => console.log(m) });
      console.log(
        result.created === 0
          ? `Catalogue: already has ${result.existing} artists (target ${target}).`
          : `Catalogue: added ${result.created} artists in ${(result.ms / 1000).toFixed(1)} s (now ${result.total}).`,
      );
    }
    const { db } = database;
    const totals = await Promise.all([
      db.select({ n: count() }).from(artistProfiles),
      db.select({ n: count() }).from(studios),
      db.select({ n: count() }).from(services),
      db.select({ n: count() }).from(portfolioImages),
      db.select({ n: count() }).from(bookings),
      db.select({ n: count() }).from(reviews),
    ]);
    const [a, s, sv, img, b, rv] = totals.map(([row]) => row?.n ?? 0);
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Totals: ${a} artists, ${s} studios, ${sv} services, ${img} portfolio images, ${b} bookings, ${rv} reviews.`);
  } finally {
    await database.close();
    release();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
