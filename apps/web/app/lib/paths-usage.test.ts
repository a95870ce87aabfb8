import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every page address comes from the paths table (lib/paths.ts); this reads the source of the app
// and fails where a feature, a route or a shared layer builds one by hand.
const APP = path.resolve(import.meta.dirname, '..');

/** Files allowed a hand-built address, and why. */
const ALLOWED: Record<string, string> = {
  'lib/paths.ts': 'the table itself',
  'lib/paths-inner.ts': 'the table itself, the pages reached from inside another page',
  'lib/i18n.ts': 'localePath, the language prefix the table uses',
  // The server writes a notification's link (modules/notifications); the web only prefixes the language.
  'features/notifications/components/notification-list.tsx': 'a link the API gives',
  // The addresses SPEC.md names, which the support chat's visibility rule matches; no link is built from them.
  'features/support/lib/spec-paths.ts': 'addresses matched, not linked',
};

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'localePath outside the paths table', pattern: /\blocalePath\(/ },
  // A literal made of `/segment/` parts (with `${…}` parts, a query or an anchor): a page address.
  {
    name: 'a page address literal',
    pattern: /(['"`])\/(?:[a-z][a-z0-9-]*\/|\$\{[^}]+\}\/)+(?:[?#][^'"`]*)?\1/,
  },
  // The home page and other addresses in a link, a form, a navigation or a redirect.
  // Files (`/favicon.svg`) are not pages.
  {
    name: 'an address in to=/href=/action=',
    pattern: /\b(?:to|href|action)=\{?\s*(['"`])\/(?:[^'"`.]*\/)?(?:[?#][^'"`]*)?\1/,
  },
  { name: 'an address in navigate()/redirect()', pattern: /\b(?:navigate|redirect)\(\s*['"`]\// },
];

/** The hand-built addresses in one source text: a line for each, comments left out. */
export function handBuiltAddresses(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return code
    .split('\n')
    .flatMap((line) => RULES.filter((rule) => rule.pattern.test(line)).map((rule) => `${rule.name}: ${line.trim()}`));
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

describe('page addresses come from the paths table', () => {
  it('finds the ways an address is built by hand', () => {
    expect(handBuiltAddresses("<Link to={localePath(lang, '/wallet/')}>")).toHaveLength(2);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it
    expect(handBuiltAddresses('navigate(`/appointments/${id}/`);')).toHaveLength(2);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal in it
    expect(handBuiltAddresses('const next = `/booking/${id}/schedule/?taken=1`;')).toHaveLength(1);
    expect(handBuiltAddresses('<a href="/">Home</a>')).toHaveLength(1);
    expect(handBuiltAddresses('<link rel="icon" href="/favicon.svg" />')).toEqual([]);
    expect(handBuiltAddresses("throw redirect('/overview/');")).toHaveLength(2);
    expect(handBuiltAddresses("{ path: '/clients/imported/#csv-import' }")).toHaveLength(1);
    // Not pages: API endpoints (no trailing slash), comments, addresses from the table.
    expect(handBuiltAddresses("api('/region/country')")).toEqual([]);
    expect(handBuiltAddresses('// the queue (`/admin/`) owns it')).toEqual([]);
    expect(handBuiltAddresses('<Link to={paths.wallet(lang)}>')).toEqual([]);
  });

  it('finds none in the app outside the table', () => {
    const found = [...sourceFiles(APP)].flatMap((file) => {
      const relative = path.relative(APP, file).split(path.sep).join('/');
      if (relative in ALLOWED) return [];
      return handBuiltAddresses(readFileSync(file, 'utf8')).map((line) => `${relative}: ${line}`);
    });
    expect(found).toEqual([]);
  });
});
