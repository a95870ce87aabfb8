import { UUID_PATTERN } from '../../platform/uuid.ts';

/** Keyset cursors: `<ISO instant>|<uuid>`, base64url so they travel in a query string untouched. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** The decoded cursor, or null for anything malformed (treated as a bad request by callers). */
export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!iso || !id || !UUID_PATTERN.test(id)) return null;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : { at, id };
}
