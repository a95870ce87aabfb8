import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { concerns, preferenceOptions } from '../../db/schema/index.ts';
import { SEARCH_SYNONYMS } from './search-synonyms.ts';

/** The lists free text looks into besides names and bios: what a visitor means by a word they type. */
export const SEARCHABLE_LISTS = ['therapy', 'therapyApproach', 'specialities', 'language'] as const;

/** At most this many words of the free text count (each a prefix: "anx" finds "anxiety"). */
export const MAX_TERMS = 8;

/** Words in option names that say nothing about the option on their own. */
const FILLER = new Set(['and', 'und', 'the', 'der', 'die', 'das', 'mit', 'with', 'for', 'issues', 'themen']);

/** Lower case without accents, so "Ängste", "angste" and "ÄNGSTE" compare equal. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text: letters and digits only, so a word can never break the query syntax. */
export function wordsOf(text: string | undefined): string[] {
  return (text ?? '').normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
}

interface Entry {
  /** A preference option (the directory's option_ids) or a concern (provider_concerns). */
  kind: 'option' | 'concern';
  id: string;
  words: string[];
}

/** One word of the free text and what it names besides text: option and concern ids. */
export interface SearchTerm {
  /** The word as a prefix query ("anxi:*"), for the full-text documents. */
  prefix: string;
  optionIds: string[];
  concernIds: string[];
}

const TTL_MS = 5 * 60_000;
const cache = new WeakMap<object, { at: number; entries: Promise<Entry[]> }>();

function entryWords(names: string[], key: string): string[] {
  const words = [...names, ...(SEARCH_SYNONYMS[key] ?? [])].flatMap((name) => wordsOf(fold(name)));
  return [...new Set(words)].filter((word) => word.length >= 2 && !FILLER.has(word));
}

/** Every searchable option and concern with its words (both languages and synonyms), kept per database handle. */
function vocabulary(db: Tx): Promise<Entry[]> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.entries;
  const entries = Promise.all([
    db
      .select({
        id: preferenceOptions.id,
        key: preferenceOptions.key,
        en: preferenceOptions.nameEn,
        de: preferenceOptions.nameDe,
      })
      .from(preferenceOptions)
      .where(inArray(preferenceOptions.list, [...SEARCHABLE_LISTS])),
    db.select({ id: concerns.id, key: concerns.key, en: concerns.nameEn, de: concerns.nameDe }).from(concerns),
  ]).then(([options, concernRows]) => [
    ...options.map((row) => ({
      kind: 'option' as const,
      id: row.id,
      words: entryWords([row.en, row.de, row.key], row.key),
    })),
    ...concernRows.map((row) => ({
      kind: 'concern' as const,
      id: row.id,
      words: entryWords([row.en, row.de], row.key),
    })),
  ]);
  cache.set(db, { at: Date.now(), entries });
  entries.catch(() => cache.delete(db));
  return entries;
}

/**
 * Whether a typed word names a vocabulary word: a prefix of it ("anx" → anxiety; three letters
 * at least, shorter ones must be the whole word: "act", "ig"), or the word with an ending
 * ("depressionen" → depression, "ängste" → angst).
 */
export function namesWord(typed: string, word: string): boolean {
  if (typed === word) return true;
  if (typed.length >= 3 && word.startsWith(typed)) return true;
  return word.length >= 5 && typed.startsWith(word) && typed.length - word.length <= 3;
}

/** The free text as terms (at most MAX_TERMS), each with the options and concerns it names. */
export async function searchTerms(db: Tx, text: string | undefined): Promise<SearchTerm[]> {
  const typed = wordsOf(text).slice(0, MAX_TERMS);
  if (typed.length === 0) return [];
  const entries = await vocabulary(db);
  return typed.map((word) => {
    const folded = fold(word);
    const named = entries.filter((entry) => entry.words.some((candidate) => namesWord(folded, candidate)));
    return {
      prefix: `${word.toLowerCase()}:*`,
      optionIds: named.filter((entry) => entry.kind === 'option').map((entry) => entry.id),
      concernIds: named.filter((entry) => entry.kind === 'concern').map((entry) => entry.id),
    };
  });
}
