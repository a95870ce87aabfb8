/**
 * Every page names itself in the tab, in the page's language: each route of the route table is
 * walked in English and German, signed out and signed in as the role that may see it, and its
 * <title> must be there, must not be an i18n key, and must differ between the languages.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';
import { ACCOUNTS, expectEveryPageListed, idsFor, PAGES } from './pages';

/** The tab's title once the page has settled (signed-in pages set it in the browser). */
async function titleOf(page: Page, path: string): Promise<string> {
  // Not networkidle: some pages keep a request open (the mailbox polls).
  await page.goto(path);
  for (let tries = 0; tries < 40 && !(await page.title()); tries += 1) await page.waitForTimeout(250);
  return page.title();
}

test('every page module of the route table has a page the titles walk visits', () => {
  expectEveryPageListed();
});

for (const role of ['visitor', 'client', 'provider', 'admin'] as const) {
  test(`${role} pages have a translated title in English and German`, async ({ page, request }) => {
    test.setTimeout(360_000);
    const ids = await idsFor(request);
    if (role !== 'visitor') await signIn(page, ACCOUNTS[role], role === 'admin' ? '/admin/' : '/overview/');
    const problems: string[] = [];
    for (const [file, entry] of Object.entries(PAGES).filter(([, item]) => item.role === role)) {
      const path = entry.path(ids);
      const english = await titleOf(page, path);
      const german = await titleOf(page, `/de${path}`);
      for (const [language, title] of [
        ['en', english],
        ['de', german],
      ] as const) {
        if (!title.trim()) problems.push(`${file} (${language}): no title on ${path}`);
        // An i18n key ("accounts.login.title") or a placeholder left in the words.
        if (/\b[a-z]+[A-Za-z]*\.[a-z][A-Za-z.]+\b|\{\{/.test(title)) problems.push(`${file} (${language}): "${title}"`);
      }
      if (!entry.sameInBothLanguages && english === german) problems.push(`${file}: "${english}" in both languages`);
    }
    expect(problems).toEqual([]);
  });
}
