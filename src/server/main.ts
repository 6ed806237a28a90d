import { ConfigError, parseConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/demo.ts';
import { buildApp } from './app.ts';
import { resolveDataKey, resolveSecret } from './secret.ts';
import { startJobWorker } from './jobs/worker.ts';
import { scheduleAnalyticsPrune } from './features/analytics/retention.ts';
import { scheduleUserEventsPrune } from './realtime/retention.ts';
import { scheduleInsightsRollup } from './features/insights/rollup.ts';
import { settleInsightWrites } from './features/insights/record.ts';
import { keepStatisticsFresh } from './db/statistics.ts';
import { warmSearchIndex } from './features/artists/search-index.ts';
import { currentFreeDays } from './features/availability/free-days-index.ts';

async function main() {
  const config = parseConfig();
  // Only the embedded database needs the directory lock; PostgreSQL handles many servers.
  const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateDatabase(database);
  const secret = resolveSecret(config);
  const app = await buildApp({
    config,
    database,
    secret,
    dataKey: resolveDataKey(config),
    web: !process.argv.includes('--api-only'),
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'], remove: true },
    },
  });
  if (config.SEED_DEMO) await seedDemo(app.ctx, { log: (m) => app.log.info(m) });
  await scheduleAnalyticsPrune(app.ctx);
  await scheduleUserEventsPrune(app.ctx.database.db);
  // The hourly insights rollup re-queues itself; this makes sure one exists after a fresh install or a lost run.
  await scheduleInsightsRollup(app.ctx.database.db, new Date());
  const stopJobWorker = await startJobWorker(app.ctx, app.log);
  // After the demo seed: the tables it filled are analysed at once.
  const stopStatistics = keepStatisticsFresh(database, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await stopJobWorker();
    await stopStatistics();
    await app.close();
    // Profile view and search appearance counts the requests did not wait for.
    await settleInsightWrites();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Inkhaven is running at ${app.ctx.publicUrl} (database: ${database.kind})`);
  // The first search would otherwise wait for the catalogue (decision 0031) and the free days (0032) to be read.
  Promise.all([warmSearchIndex(database.db), currentFreeDays(database.db)]).then(
    ([artists, free]) => app.log.info({ artists, freeDays: free.free.size }, 'search index ready'),
    (error: unknown) => app.log.warn({ err: error }, 'the search index could not be read at start; the first search reads it'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
