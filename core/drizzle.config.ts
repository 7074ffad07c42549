import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and the
// same files run on PGlite and Postgres.
export default defineConfig({
  dialect: 'postgresql',
  schema: './core/src/db/schema/index.ts',
  out: './core/src/db/migrations',
});
