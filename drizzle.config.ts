import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes a new migration after a change to a table (server/db/schema.ts and its tables/). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
