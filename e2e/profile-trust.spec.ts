import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CLIENT, dismissConsent } from './demo';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

/** A demo therapist in Berlin no other journey changes: two therapies, reviews, approved credentials. */
const THERAPIST = { email: 'hannah.fischer@demo.test', password: 'demo-pass-123' };
const NAME = 'Hannah Fischer';

/** A 320×320 JPEG with a dark square, so the crop and the picture are visible. */
async function makePhoto(): Promise<string> {
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'profile-trust-photo.jpg');
  const side = 320;
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const offset = (y * side + x) * 3;
      const inSquare = x > 100 && x < 220 && y > 90 && y < 210;
      pixels[offset] = inSquare ? 30 : 200;
      pixels[offset + 1] = inSquare ? 90 : Math.round((x / side) * 255);
      pixels[offset + 2] = inSquare ? 80 : Math.round((y / side) * 255);
    }
  }
  await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg()
    .toFile(file);
  return file;
}

test.describe('a profile that earns trust', () => {
  test('a therapist adds a photo, a fee per therapy, licence states and a reply; a visitor sees them all', async ({
    browser,
    baseURL,
    page,
    request,
    visit,
  }) => {
    test.setTimeout(240_000);
    const reply = `Thank you for your kind words — it was a pleasure working with you (${Date.now()}).`;
    const found = (await (await request.get(`/api/providers?q=${encodeURIComponent(NAME)}`)).json()) as {
      data: { identifier: string; name: string; slug: string }[];
    };
    const id = found.data.find((item) => item.name === NAME)?.identifier;
    expect(id).toBeDefined();

    // The therapist, in their own browser.
    const own = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const therapist = await own.newPage();
    await signIn(therapist, THERAPIST, '/account/');
    await dismissConsent(therapist);

    await therapist.getByTestId('profile-picture-input').setInputFiles(await makePhoto());
    const crop = therapist.getByRole('dialog', { name: 'crop Image' });
    await expect(crop).toBeVisible();
    await crop.getByRole('button', { name: 'Save' }).click();
    await expect(crop).toHaveCount(0);
    await expect(therapist.getByText('Image Changed Successfully').first()).toBeVisible();

    await therapist.getByRole('button', { name: 'Set the fee for Family Therapy' }).click();
    const fee = therapist.getByRole('dialog', { name: 'Fee for Family Therapy' });
    await fee.getByLabel('Fixed fee per session (EUR)').fill('95');
    await fee.getByRole('button', { name: 'Proceed' }).click();
    await expect(therapist.getByText('Fee Successfully Saved').first()).toBeVisible();
    await expect(therapist.getByTestId('therapy-fees')).toContainText('€95.00');

    const states = therapist.getByRole('combobox', { name: 'States' });
    await states.fill('Califor');
    await therapist.getByRole('listbox', { name: 'States' }).getByRole('option', { name: 'California' }).click();
    await therapist.keyboard.press('Escape');
    await therapist.getByRole('button', { name: 'Save states' }).click();
    await expect(therapist.getByText('Your licence states are saved.').first()).toBeVisible();
    await therapist.screenshot({ path: 'test-results/profile-trust-account-en.png', fullPage: true });

    await therapist.goto(`/providers/${id}/`);
    await therapist.waitForLoadState('networkidle');
    await therapist.getByRole('button', { name: 'Reply', exact: true }).first().click();
    const dialog = therapist.getByRole('dialog', { name: 'Reply to a review' });
    await dialog.getByLabel('Your reply').fill(reply);
    await dialog.getByRole('button', { name: 'Publish reply' }).click();
    await expect(therapist.getByText('Your reply is published.').first()).toBeVisible();
    await expect(therapist.getByTestId('review-reply').filter({ hasText: reply })).toBeVisible();
    await own.close();

    // A visitor follows an old id-only link and lands on the address with the name.
    await visit(`/providers/${id}/`);
    await expect(page).toHaveURL(new RegExp(`/providers/${id}-hannah-fischer/$`));
    await dismissConsent(page);
    await expect(page.locator('main img[src*="/media/profiles/"]').first()).toBeVisible();
    await expect(page.getByTestId('verified-badge')).toHaveText('Verified');
    const credentials = page.getByTestId('provider-credentials');
    await expect(credentials).toContainText(/Psychotherapeutenkammer, no\. PTK-\d+/);
    await expect(credentials).toContainText('M.Sc. Psychologie, Humboldt-Universität zu Berlin');
    await expect(credentials).toContainText(/\d+ years in practice/);
    await expect(credentials).toContainText('California');
    await expect(page.getByText(/Family Therapy/).first()).toBeVisible();
    // The therapist's own visit above rendered the page before the reply: public pages are shared
    // renders for up to 30 seconds, so the reply shows once that render has expired.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('review-reply').filter({ hasText: reply })).toContainText(`Reply from Dr ${NAME}`, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 45_000, intervals: [5_000] });
    await page.screenshot({ path: 'test-results/profile-trust-page-en.png', fullPage: true });

    const sort = page.getByRole('navigation', { name: 'Sort' });
    await sort.getByRole('link', { name: 'Lowest rated' }).click();
    await expect(page).toHaveURL(/reviewsSort=lowest/);
    await expect(sort.getByRole('link', { name: 'Lowest rated' })).toHaveAttribute('aria-current', 'true');
    const ratings = await page
      .getByTestId('review-list')
      .getByRole('img', { name: /Rated [\d.]+ out of 5/ })
      .evaluateAll((stars) =>
        stars.map((star) => Number(/Rated ([\d.]+)/.exec(star.getAttribute('aria-label') ?? '')?.[1])),
      );
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));

    // German: the same page in German words.
    await visit(`/de/providers/${id}/`);
    await expect(page).toHaveURL(new RegExp(`/de/providers/${id}-hannah-fischer/$`));
    await expect(page.getByTestId('verified-badge')).toHaveText('Verifiziert');
    await expect(page.getByTestId('review-reply').filter({ hasText: reply })).toContainText(`Antwort von Dr ${NAME}`);
    await page.screenshot({ path: 'test-results/profile-trust-page-de.png', fullPage: true });
    // On a phone the credentials and the reply fit the width (no sideways scrolling).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/profile-trust-page-de-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // A client booking that therapy sees its own fee in step 1.
    await signIn(page, CLIENT, '/overview/');
    await page.goto(`/booking/?provider=${id}`);
    await expect(page.getByRole('radio', { name: /Family Therapy/ })).toBeVisible();
    await expect(page.getByText(/€95\.00/).first()).toBeVisible();
  });
});
