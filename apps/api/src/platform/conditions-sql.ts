import { type Conditions, type ConditionValue, firstRefusal, type Term, type Test } from '@app/shared/conditions';
import type { ErrorCode } from '@app/shared/errors';
import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { AppError } from './app-error.ts';

/**
 * The SQL reading of a rule declared as data in `@app/shared/conditions` (the TypeScript reading
 * is `evaluate` there): a fast path's WHERE and an SQL function's body come from the same
 * declaration as the check a transaction runs on the loaded row.
 */

/** Where a rendering finds a row's fields (a column of an alias) and the parameters' SQL. */
export interface ConditionScope<F extends string> {
  column: (name: F) => SQL;
  params: Readonly<Record<string, SQL>>;
}

/**
 * A literal inlined, never a parameter: the rules' constants are code, and a literal lets the
 * planner match partial indexes and keeps one generic plan for a prepared statement.
 */
function literalSql(value: string | number): SQL {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`condition literal ${value} is not a finite number`);
    return sql.raw(String(value));
  }
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

function termSql<F extends string, P extends string>(term: Term<F, P>, scope: ConditionScope<F>): SQL {
  switch (term.kind) {
    case 'field':
      return scope.column(term.name);
    case 'param': {
      const value = scope.params[term.name];
      if (!value) throw new Error(`condition parameter ${term.name} has no SQL in this scope`);
      return value;
    }
    case 'literal':
      return literalSql(term.value);
    case 'plus':
      return sql`(${termSql(term.left, scope)} + ${termSql(term.right, scope)})`;
  }
}

/** One test as an SQL boolean. */
export function testSql<F extends string, P extends string>(test: Test<F, P>, scope: ConditionScope<F>): SQL {
  switch (test.kind) {
    case 'null':
      return sql`${termSql(test.term, scope)} ${sql.raw(test.isNull ? 'IS NULL' : 'IS NOT NULL')}`;
    case 'compare':
      return sql`${termSql(test.left, scope)} ${sql.raw(test.op)} ${termSql(test.right, scope)}`;
    case 'all':
    case 'any':
      return sql`(${sql.join(
        test.tests.map((each) => testSql(each, scope)),
        sql.raw(test.kind === 'all' ? ' AND ' : ' OR '),
      )})`;
  }
}

/** Every test of the conditions, ANDed: the rows the rule lets through. */
export function whereAll<F extends string, P extends string, C extends string>(
  conditions: Conditions<F, P, C>,
  scope: ConditionScope<F>,
): SQL {
  return sql.join(
    conditions.map(([, test]) => testSql(test, scope)),
    sql.raw(' AND '),
  );
}

/** The conditions on a loaded row: throws the first failing test's error code. */
export function assertAll<F extends string, P extends string>(
  conditions: Conditions<F, P, ErrorCode>,
  row: Readonly<Record<F, ConditionValue>>,
  params: Readonly<Partial<Record<P, ConditionValue>>>,
): void {
  const refusal = firstRefusal(conditions, row, params);
  if (refusal) throw new AppError(refusal);
}

const dialect = new PgDialect();

/**
 * A fragment as SQL text with nothing bound, for a function body a migration creates: each
 * placeholder becomes the bare name it carries (a function's argument), and any other bound
 * value is refused.
 */
export function inlineSql(fragment: SQL): string {
  const query = dialect.sqlToQuery(fragment);
  return query.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = query.params[Number(index) - 1];
    if (!(value instanceof Placeholder)) throw new Error(`inlineSql: $${index} is a bound value, not a name`);
    return value.name;
  });
}
