import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/api` writes a new migration after a schema change; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
