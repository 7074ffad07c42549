import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes SQL migrations from the schema; they are committed and the
// same files run on PGlite and Postgres. The oauth package owns the definitions of its own
// tables; one migration set still creates every table.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./core/src/db/schema/index.ts', './oauth/src/db/tables.ts'],
  out: './core/src/db/migrations',
});
