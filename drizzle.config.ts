import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration into src/db/migrations after a schema change,
// then scripts/embed-migrations.ts refreshes the list the server embeds.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
