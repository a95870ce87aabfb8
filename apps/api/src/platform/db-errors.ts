/** What a PostgreSQL error carries that callers tell errors apart by (SQLSTATE, constraint name). */
export interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
}

/**
 * Whether `error` or one of its causes (the driver's error, however Drizzle wraps it: the chain is
 * followed a few levels) is a database error that `matches`.
 */
export function hasDatabaseError(error: unknown, matches: (candidate: DatabaseErrorFields) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (matches(current as DatabaseErrorFields)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A PostgreSQL unique violation (SQLSTATE 23505), however the driver or Drizzle wraps it; with
 * `constraint`, only a violation of that constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return hasDatabaseError(
    error,
    (candidate) => candidate.code === '23505' && (!constraint || candidate.constraint === constraint),
  );
}
