import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations from the schema; they are applied by the
// programmatic migrator at start-up (src/server/db/migrate.ts) on PGlite or PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
