import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/schema-analysis.ts'],
  out: './src/server/db/migrations',
});
