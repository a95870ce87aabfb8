import { describe, expect, it } from 'vitest';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translation catalogs', () => {
  const enKeys = flatten(en as Tree);
  const deKeys = flatten(de as Tree);

  it('have exactly the same keys in en and de', () => {
    const missingInDe = [...enKeys.keys()].filter((key) => !deKeys.has(key));
    const missingInEn = [...deKeys.keys()].filter((key) => !enKeys.has(key));
    expect({ missingInDe, missingInEn }).toEqual({ missingInDe: [], missingInEn: [] });
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = [...enKeys].filter(([key, text]) => {
      const other = deKeys.get(key);
      return other !== undefined && placeholders(text).join() !== placeholders(other).join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('have no empty strings', () => {
    const empty = [...enKeys, ...deKeys].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
