/** A query error's PostgreSQL details, looking through Drizzle's wrapping (the same on pg and PGlite). */
function findDatabaseError(error: unknown): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a unique violation (SQLSTATE 23505) broke, or undefined for any other error. */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  const found = findDatabaseError(error);
  return found?.code === '23505' ? (found.constraint ?? '') : undefined;
}

/** The PostgreSQL error code (SQLSTATE) of a query error, looking through Drizzle's wrapping. */
export function sqlState(error: unknown): string | undefined {
  return findDatabaseError(error)?.code;
}

const UNIQUE_VIOLATION = '23505';
/**
 * A row still referenced by an ON DELETE RESTRICT key: PostgreSQL 15 reports 23503
 * (foreign_key_violation), PGlite (PostgreSQL 17) 23001 (restrict_violation). Both mean the same here.
 */
const REFERENCED_CODES = new Set(['23503', '23001']);

export const isUniqueViolation = (error: unknown) => sqlState(error) === UNIQUE_VIOLATION;
/** A foreign key broken (23503): on an insert, the row it names is gone (deleted meanwhile). */
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
export const isStillReferenced = (error: unknown) => {
  const code = sqlState(error);
  return code !== undefined && REFERENCED_CODES.has(code);
};
