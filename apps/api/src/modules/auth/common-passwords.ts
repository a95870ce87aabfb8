import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** DESIGN.md §4: the 10,000 most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

let cache: Set<string> | null = null;

/**
 * The list ships with @zxcvbn-ts/language-common (MIT): `src/passwords.json` is a frequency-ranked,
 * lower-cased list of leaked passwords (derived from the xato/SecLists 10-million corpus); its first
 * 10,000 entries are the most common ones. Loaded once, on first use.
 */
export function loadCommonPasswords(): Set<string> {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@zxcvbn-ts/language-common/package.json');
  const file = path.join(path.dirname(packageJson), 'src', 'passwords.json');
  const ranked = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(ranked) || ranked.length < COMMON_PASSWORD_COUNT) {
    throw new Error(`common password list at ${file} is not a ranked array of at least ${COMMON_PASSWORD_COUNT}`);
  }
  cache = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((entry) => String(entry).toLowerCase()));
  return cache;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.toLowerCase());
}
