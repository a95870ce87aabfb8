import { slugify } from 'transliteration';

/** Readable words cut at this many characters (at a word's end), so a URL stays short. */
const SLUG_MAX = 60;

/**
 * A readable URL slug of a name in any script ("Jürgen Groß" → "jurgen-gross", "Маша" → "masha",
 * "王小明" → "wang-xiao-ming"): lower-case ASCII words joined by hyphens; empty when nothing is left.
 */
export function slugOf(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    if (slugs.size >= SLUGS_KEPT) slugs.clear();
    slug = slugOfText(text);
    slugs.set(text, slug);
  }
  return slug;
}

/**
 * Slugs already made, by name: every directory card and provider page links by slug, and the
 * transliteration tables cost more per name than the rest of a card.
 */
const slugs = new Map<string, string>();
const SLUGS_KEPT = 10_000;

function slugOfText(text: string): string {
  // NFKC first: presentation forms and ligatures become the letters the tables know.
  const slug = slugify(text.normalize('NFKC'), { lowercase: true, separator: '-', trim: true })
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX + 1);
  const end = cut.lastIndexOf('-');
  return end > 0 ? cut.slice(0, end) : slug.slice(0, SLUG_MAX);
}
