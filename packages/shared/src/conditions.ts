/**
 * Rules as data: a condition is declared once as a small expression over a row's fields and a
 * few named parameters, and read two ways. `evaluate` checks a loaded row in TypeScript (here);
 * the API renders the same expression into SQL for one-statement fast paths and for the SQL
 * functions migrations create (apps/api/src/platform/conditions-sql.ts). A change to a rule then
 * reaches every path that applies it.
 *
 * There is deliberately no NOT: a comparison with a missing value (null) is false here and
 * unknown in SQL, and without negation "unknown" and "false" lead to the same answer in a WHERE,
 * so both readings agree on every row.
 */

export type ConditionValue = string | number | boolean | Date | null;

export type Term<F extends string, P extends string> =
  | { readonly kind: 'field'; readonly name: F }
  | { readonly kind: 'param'; readonly name: P }
  | { readonly kind: 'literal'; readonly value: string | number }
  | { readonly kind: 'plus'; readonly left: Term<F, P>; readonly right: Term<F, P> };

export type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Test<F extends string, P extends string> =
  | { readonly kind: 'compare'; readonly op: CompareOp; readonly left: Term<F, P>; readonly right: Term<F, P> }
  | { readonly kind: 'null'; readonly term: Term<F, P>; readonly isNull: boolean }
  | { readonly kind: 'all' | 'any'; readonly tests: readonly Test<F, P>[] };

/** Tests in order, each with what refusing it answers (an error code, usually). */
export type Conditions<F extends string, P extends string, C extends string> = readonly (readonly [C, Test<F, P>])[];

/**
 * The builders for one kind of row (its fields F) and one set of parameters P, so that a rule's
 * tests are typed against the row they read: `const b = conditionBuilders<'paidAt' | 'status', 'now'>()`.
 */
export function conditionBuilders<F extends string, P extends string>() {
  type T = Term<F, P>;
  type X = Test<F, P>;
  const compare =
    (op: CompareOp) =>
    (left: T, right: T): X => ({ kind: 'compare', op, left, right });
  return {
    field: (name: F): T => ({ kind: 'field', name }),
    param: (name: P): T => ({ kind: 'param', name }),
    lit: (value: string | number): T => ({ kind: 'literal', value }),
    plus: (left: T, right: T): T => ({ kind: 'plus', left, right }),
    eq: compare('='),
    ne: compare('<>'),
    lt: compare('<'),
    le: compare('<='),
    gt: compare('>'),
    ge: compare('>='),
    isNull: (term: T): X => ({ kind: 'null', term, isNull: true }),
    notNull: (term: T): X => ({ kind: 'null', term, isNull: false }),
    all: (...tests: X[]): X => ({ kind: 'all', tests }),
    any: (...tests: X[]): X => ({ kind: 'any', tests }),
  };
}

type Comparable = string | number | boolean;

function termValue<F extends string, P extends string>(
  term: Term<F, P>,
  row: Readonly<Record<F, ConditionValue>>,
  params: Readonly<Partial<Record<P, ConditionValue>>>,
): Comparable | null {
  switch (term.kind) {
    case 'field':
      return comparable(row[term.name]);
    case 'param':
      return comparable(params[term.name]);
    case 'literal':
      return term.value;
    case 'plus': {
      const left = termValue(term.left, row, params);
      const right = termValue(term.right, row, params);
      return typeof left === 'number' && typeof right === 'number' ? left + right : null;
    }
  }
}

/** Instants compare by their time; undefined (a field the row lacks) is missing, as null. */
function comparable(value: ConditionValue | undefined): Comparable | null {
  if (value === undefined || value === null) return null;
  return value instanceof Date ? value.getTime() : value;
}

/** The test on one row: true when it holds (a comparison with a missing value does not). */
export function evaluate<F extends string, P extends string>(
  test: Test<F, P>,
  row: Readonly<Record<F, ConditionValue>>,
  params: Readonly<Partial<Record<P, ConditionValue>>>,
): boolean {
  switch (test.kind) {
    case 'null':
      return (termValue(test.term, row, params) === null) === test.isNull;
    case 'all':
      return test.tests.every((each) => evaluate(each, row, params));
    case 'any':
      return test.tests.some((each) => evaluate(each, row, params));
    case 'compare': {
      const left = termValue(test.left, row, params);
      const right = termValue(test.right, row, params);
      if (left === null || right === null) return false;
      switch (test.op) {
        case '=':
          return left === right;
        case '<>':
          return left !== right;
        case '<':
          return left < right;
        case '<=':
          return left <= right;
        case '>':
          return left > right;
        case '>=':
          return left >= right;
      }
    }
  }
}

/** What the first failing test answers, or null when every test holds. */
export function firstRefusal<F extends string, P extends string, C extends string>(
  conditions: Conditions<F, P, C>,
  row: Readonly<Record<F, ConditionValue>>,
  params: Readonly<Partial<Record<P, ConditionValue>>>,
): C | null {
  for (const [answer, test] of conditions) {
    if (!evaluate(test, row, params)) return answer;
  }
  return null;
}
