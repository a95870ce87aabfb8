import { dismissConsent } from './demo';
import { expect, test } from './fixtures';

/** The number a count line shows ("3 therapists", "3 Therapeut:innen"). */
const numberIn = (text: string | null) => Number((text ?? '').match(/\d+/)?.[0]);

test.describe('finding a therapist', () => {
  test('free text finds languages and concerns by their English and German names', async ({ page, visit }) => {
    for (const [path, word] of [
      ['/providers/?country=NG&q=Yoruba', 'Yoruba'],
      ['/providers/?country=NG&q=Igbo', 'Igbo'],
      ['/providers/?country=all&q=burnout', 'burnout'],
      ['/de/providers/?country=all&q=Angst', 'Angst'],
    ] as const) {
      await visit(path);
      const count = numberIn(await page.getByTestId('search-count').textContent());
      expect(count, word).toBeGreaterThan(0);
      await expect(page.getByTestId('provider-card').first()).toBeVisible();
    }
  });

  test('every home link lists as many therapists as it says', async ({ page, visit }) => {
    await visit('/');
    await dismissConsent(page);
    const links = [
      ...(await page.getByTestId('top-states').getByRole('link').all()),
      ...(await page.getByTestId('home-categories').getByRole('link').all()),
      ...(await page.getByTestId('home-concerns').getByRole('link').all()),
    ];
    expect(links.length).toBeGreaterThan(3);
    const targets = await Promise.all(
      links.map(async (link) => ({
        href: (await link.getAttribute('href')) as string,
        said: numberIn(await link.textContent()),
      })),
    );
    for (const { href, said } of targets) {
      await page.goto(href);
      expect(numberIn(await page.getByTestId('search-count').textContent()), href).toBe(said);
    }
  });

  test('an empty search offers to widen it, and dropping a filter finds someone', async ({ page, visit }) => {
    await visit('/providers/?country=NG&q=Yoruba&language=de');
    const widen = page.getByTestId('widen-search');
    await expect(widen).toBeVisible();
    await expect(widen.getByRole('link', { name: 'Search outside Nigeria' })).toBeVisible();
    await widen.getByRole('link', { name: 'Remove German' }).click();
    await page.waitForURL((url) => !url.search.includes('language=de'));
    expect(numberIn(await page.getByTestId('search-count').textContent())).toBeGreaterThan(0);
  });

  test('on a phone the results come first and the filters open from "Filters (n)"', async ({ page, visit }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit('/de/providers/?country=NG&language=yo');
    const button = page.getByRole('button', { name: 'Filter (1)' });
    const firstCard = page.getByTestId('provider-card').first();
    await expect(firstCard).toBeInViewport();
    await expect(page.getByTestId('filters-sheet')).toBeHidden();
    await page.screenshot({ path: 'test-results/find-search-phone-de.png' });
    await button.click();
    const sheet = page.getByRole('dialog', { name: 'Filter' });
    await expect(sheet).toBeVisible();
    await page.screenshot({ path: 'test-results/find-search-phone-sheet-de.png' });
    await sheet.getByRole('button', { name: 'Schließen' }).click();
    await expect(button).toBeFocused();
  });

  for (const lang of ['en', 'de'] as const) {
    test(`cheapest first, page after page, lists every therapist once (${lang})`, async ({ page, visit }) => {
      // The whole order in one answer, as the API gives it, against the pages the site walks
      // (a page after the first is built from each currency's fees, search.ts).
      const whole = await page.request.get('/api/providers?sort=price&perPage=50');
      expect(whole.ok()).toBe(true);
      const { data, total } = (await whole.json()) as { data: { name: string }[]; total: number };
      expect(total).toBeGreaterThan(12);
      expect(total).toBeLessThanOrEqual(50);
      const walked: string[] = [];
      await visit(`${lang === 'de' ? '/de' : ''}/providers/?country=all&sort=price`);
      const headings = page.getByTestId('provider-card').getByRole('heading', { level: 2 });
      for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
        await expect(headings.first()).toBeVisible();
        const shown = (await headings.allTextContents()).map((text) => text.trim());
        walked.push(...shown);
        const next = page.getByTestId('search-next');
        if ((await next.count()) === 0) break;
        await next.click();
        // The next page has replaced this one's cards.
        await expect(headings.first()).not.toHaveText(shown[0] as string);
      }
      // A card's heading is the title and the name ("Dr Ada Eze").
      expect(walked).toHaveLength(data.length);
      for (const [index, heading] of walked.entries()) expect(heading).toContain(data[index]?.name);
      await page.screenshot({ path: `test-results/find-price-order-last-page-${lang}.png` });
    });
  }
});
