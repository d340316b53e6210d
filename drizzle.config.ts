import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/schema-recordings.ts', './src/server/db/schema-analysis.ts', './src/server/db/schema-sign-in.ts', './src/server/db/schema-review-presence.ts'],
  out: './src/server/db/migrations',
});
