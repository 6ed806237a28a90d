import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { BetterAuth } from './auth/better-auth.ts';
import type { SessionResolver } from './auth/session.ts';

/** Everything a route or service needs from the running server, built once in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: BetterAuth;
  sessions: SessionResolver;
  publicUrl: string;
  secret: string;
  /** AES-256-GCM key for health data at rest (DATA_ENCRYPTION_KEY or generated into DATA_DIR). */
  dataKey: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
