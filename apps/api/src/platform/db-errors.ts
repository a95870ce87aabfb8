/**
 * A PostgreSQL unique violation (SQLSTATE 23505), however the driver or Drizzle wraps it (the
 * cause chain is followed a few levels); with `constraint`, only a violation of that constraint.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return constraint ? candidate.constraint === constraint : true;
    current = candidate.cause;
  }
  return false;
}
