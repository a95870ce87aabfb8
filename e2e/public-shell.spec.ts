import { expect, test } from './fixtures';

test.describe('public shell', () => {
  test('home is server-rendered in English with categories, concerns and top states', async ({
    page,
    visit,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<title>Find Therapists Online and Near You</title>');
    expect(html).toContain('Individual Therapy');
    expect(html).toContain('Lagos');

    await visit('/');
    await expect(page).toHaveTitle('Find Therapists Online and Near You');
    await expect(page.getByTestId('top-states').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByTestId('footer-concerns').getByRole('listitem')).toHaveCount(10);
    await page.screenshot({ path: 'test-results/home-en.png', fullPage: true });
  });

  test('each public page names itself once in the HTML it is served with, its stylesheet before its scripts', async ({
    request,
  }) => {
    // The pages a search engine lists describe themselves too; the sign-in form has no description.
    for (const [path, title, descriptions] of [
      ['/', 'Find Therapists Online and Near You', 1],
      ['/providers/', 'Find a therapist · TherapyHub', 1],
      ['/contact/', 'Contact us · TherapyHub', 1],
      ['/de/providers/', 'Therapeut:in finden · TherapyHub', 1],
      ['/login/', 'Sign in · TherapyHub', 0],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(
        [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]),
        path,
      ).toEqual([title]);
      expect(html.match(/<meta name="description"/g) ?? [], path).toHaveLength(descriptions);
      // The stylesheet, the one file the first paint waits for, is asked for before the scripts.
      const stylesheet = html.indexOf('<link rel="stylesheet"');
      expect(stylesheet, path).toBeGreaterThan(0);
      expect(stylesheet, path).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    }
  });

  test('German lives under /de/ and switching language keeps the page', async ({ page, visit }) => {
    await visit('/de/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle('Therapeut:innen online und in deiner Nähe finden');
    await expect(page.getByTestId('footer-categories')).toContainText('Einzeltherapie');
    await page.screenshot({ path: 'test-results/home-de.png', fullPage: true });

    await page.getByTestId('location-button').click();
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Therapists Online and Near You');
  });

  test('a non-operating country shows the banner; Dismiss and Proceed hides it for good', async ({ page, visit }) => {
    await visit('/');
    await expect(page.getByTestId('non-operating-banner')).toHaveCount(0);
    await page.getByTestId('location-button').click();
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.click();
    await country.fill('Keny');
    await page.getByRole('option', { name: 'Kenya' }).click();
    await page.getByRole('button', { name: 'Save' }).click();

    const banner = page.getByTestId('non-operating-banner');
    await expect(banner).toContainText('We are not in Kenya yet');
    await page.screenshot({ path: 'test-results/non-operating.png' });
    await banner.getByRole('button', { name: 'Dismiss and Proceed' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('top-states')).toHaveCount(0);
    await expect(page.getByTestId('non-operating-banner')).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'ignore_country_prompt')?.value).toBe('true');
  });

  test('the country search shows "No matching options found" when nothing matches', async ({ page, visit }) => {
    await visit('/');
    await page.getByTestId('location-button').click();
    const country = page.getByRole('combobox', { name: 'Country' });
    await country.click();
    await country.fill('zzzz');
    await expect(page.getByText('No matching options found')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('consent decides whether analytics scripts load at all', async ({ page, visit }) => {
    await visit('/');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    await expect(page.locator('script[data-consent="analytics"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('script[data-consent="analytics"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('checkbox', { name: 'Analytics' }).check();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect(page.locator('script[data-consent="analytics"]')).toHaveCount(1);
    await expect(page.locator('script[data-consent="ads"]')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('script[data-consent="analytics"]')).toHaveCount(1);
  });

  test('unknown pages answer 404 with the translated not-found page', async ({ page }) => {
    const response = await page.goto('/de/gibt-es-nicht/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  });
  test('the directory and a provider page carry their canonical URL, en/de alternates and schema.org data in the HTML', async ({
    request,
    baseURL,
  }) => {
    /** The JSON-LD objects of a page, parsed. */
    const structured = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
        (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
      );
    const links = (html: string, rel: string) =>
      [...html.matchAll(new RegExp(`<link rel="${rel}"([^>]*)/?>`, 'g'))].map((match) => match[1] as string);

    const directory = await (await request.get('/de/providers/')).text();
    expect(links(directory, 'canonical')).toEqual([expect.stringContaining(`href="${baseURL}/de/providers/"`)]);
    const alternates = links(directory, 'alternate').join(' ');
    expect(alternates).toContain(`hrefLang="en" href="${baseURL}/providers/"`);
    expect(alternates).toContain(`hrefLang="de" href="${baseURL}/de/providers/"`);
    expect(alternates).toContain(`hrefLang="x-default" href="${baseURL}/providers/"`);
    const list = structured(directory).find((data) => data['@type'] === 'ItemList') as
      | { itemListElement: Array<{ url: string }> }
      | undefined;
    expect(list?.itemListElement.length).toBeGreaterThan(0);
    const providerPath = new URL(list?.itemListElement[0]?.url as string).pathname.replace(/^\/de/, '');
    expect(providerPath).toMatch(/^\/providers\/[0-9a-f-]{36}(-[a-z0-9-]+)?\/$/);

    const profile = await (await request.get(providerPath)).text();
    expect(links(profile, 'canonical')).toEqual([expect.stringContaining(`href="${baseURL}${providerPath}"`)]);
    expect(links(profile, 'alternate').join(' ')).toContain(`hrefLang="de" href="${baseURL}/de${providerPath}"`);
    const service = structured(profile).find((data) => data['@type'] === 'ProfessionalService');
    expect(service).toMatchObject({ name: expect.any(String), url: `${baseURL}${providerPath}` });
  });
});
