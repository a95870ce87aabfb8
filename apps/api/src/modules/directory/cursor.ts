import { AppError } from '../../platform/app-error.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';

/** A keyset position: the sort it belongs to, the row's sort-key values (exact numeric text) and its id. */
export interface Position {
  sort: string;
  values: string[];
  id: string;
  /** How many matched when the first page was read, counted up to a limit (later pages repeat it). */
  total: number;
  /** More matched than `total`, the limit. */
  moreThanTotal: boolean;
}

const NUMERIC = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

export function encodeCursor(position: Position): string {
  return Buffer.from(
    JSON.stringify([position.sort, position.values, position.id, position.total, position.moreThanTotal]),
  ).toString('base64url');
}

/** The position a cursor names, for this sort; anything else (tampered, another sort) is INVALID_CURSOR. */
export function decodeCursor(cursor: string, sort: string, keys: number): Position {
  try {
    const [cursorSort, values, id, total, moreThanTotal] = JSON.parse(
      Buffer.from(cursor, 'base64url').toString('utf8'),
    ) as unknown[];
    if (
      cursorSort === sort &&
      Array.isArray(values) &&
      values.length === keys &&
      values.every((value) => typeof value === 'string' && NUMERIC.test(value)) &&
      typeof id === 'string' &&
      UUID_PATTERN.test(id) &&
      Number.isSafeInteger(total) &&
      (total as number) >= 0 &&
      typeof moreThanTotal === 'boolean'
    ) {
      return { sort, values: values as string[], id, total: total as number, moreThanTotal };
    }
  } catch {
    // fall through
  }
  throw new AppError('INVALID_CURSOR');
}
