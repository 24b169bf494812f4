import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './app/db/schema/*.ts',
  out: './drizzle',
  casing: 'snake_case',
});
