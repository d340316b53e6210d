/**
 * Prefix of the migrated template database that global setup builds when TEST_DATABASE_URL is set.
 * Each run names its own (prefix, pid, random suffix) and hands the name to the tests with Vitest's
 * provide/inject, so that two runs sharing one PostgreSQL server cannot drop each other's template.
 */
export const PG_TEMPLATE_PREFIX = 'parley_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database of this run; empty when TEST_DATABASE_URL is not set. */
    pgTemplateDatabase: string;
  }
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
