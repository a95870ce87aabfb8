import en from '@app/shared/i18n/en.json';
import { describe, expect, it } from 'vitest';
import { type CATALOG_PARTS, catalogPart, PAGE_PARTS, SERVER_ONLY_BLOCKS } from './catalog-parts';

type Tree = Record<string, unknown>;

/** Every key of a tree as a dotted path. */
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the catalog parts', () => {
  it('give the browser every word but the server-only blocks, each once across shell, public and app', () => {
    const shipped = ['shell', 'public', 'app'].flatMap((part) =>
      keysOf(catalogPart(en, part as (typeof CATALOG_PARTS)[number])),
    );
    const serverOnly = new Set<string>(SERVER_ONLY_BLOCKS);
    const expected = keysOf(Object.fromEntries(Object.entries(en).filter(([block]) => !serverOnly.has(block))));
    expect(shipped.sort()).toEqual(expected.sort());
  });

  it('make page parts of words public or app hold (never the shell again)', () => {
    const rest = new Set([...keysOf(catalogPart(en, 'public')), ...keysOf(catalogPart(en, 'app'))]);
    for (const part of Object.keys(PAGE_PARTS) as Array<keyof typeof PAGE_PARTS>) {
      const words = keysOf(catalogPart(en, part));
      expect(words.length, part).toBeGreaterThan(0);
      expect(
        words.filter((word) => !rest.has(word)),
        part,
      ).toEqual([]);
    }
  });

  it('refuse a path the catalog does not have', () => {
    expect(() => catalogPart({ nav: {} }, 'home')).toThrow(/home/);
  });
});
