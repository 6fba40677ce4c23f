import { defineConfig } from 'drizzle-kit'

// Generation only needs the schema files; no database connection is configured here because
// migrations are applied by the app (`npm run db:migrate` or at start-up) through app/db/client.server.ts,
// the same way on PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/db/schema/*.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
})
