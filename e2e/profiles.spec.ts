import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { type Account, countryIdentifier, signIn, signUpVerified } from './helpers';

const PASSWORD = 'calm-river-42';

/** A 400×400 PNG with a diagonal gradient and a dark square, so a crop is visible. */
async function makePicture(): Promise<string> {
  const dir = path.resolve('test-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'profile-400.png');
  const side = 400;
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const offset = (y * side + x) * 3;
      const inSquare = x > 140 && x < 260 && y > 120 && y < 240;
      pixels[offset] = inSquare ? 19 : Math.round((x / side) * 255);
      pixels[offset + 1] = inSquare ? 78 : 118;
      pixels[offset + 2] = inSquare ? 74 : Math.round((y / side) * 255);
    }
  }
  await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toFile(file);
  return file;
}

/**
 * A fresh, verified user in Nigeria (sign-up and email link through the API). The client journey
 * moves its user to the United Kingdom, which would change the shared demo client's wallet
 * currency for every journey after it.
 */
async function newUser(
  request: APIRequestContext,
  userType: 'provider' | 'client',
  name: { firstName: string; lastName: string },
): Promise<Account> {
  const email = `${userType}.${Date.now()}@example.com`;
  await signUpVerified(request, {
    userType,
    email,
    confirmEmail: email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
    phoneNumber: '+234 803 555 0142',
    ...name,
  });
  return { email, password: PASSWORD };
}

async function pick(page: Page, combobox: string, search: string, option: string) {
  const input = page.getByRole('combobox', { name: combobox });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('profiles', () => {
  test('a new provider completes onboarding, sets a fee, uploads and crops a picture', async ({
    page,
    visit,
    request,
  }) => {
    test.setTimeout(120_000);
    const provider = await newUser(request, 'provider', { firstName: 'Ngozi', lastName: 'Adeyemi-Okoro' });
    await signIn(page, provider, '/overview/');

    // The overview guides a new provider to the setup until it is complete.
    const panel = page.getByTestId('setup-panel');
    await expect(panel).toContainText('Complete your profile setup');
    await panel.getByRole('link', { name: 'Continue setup' }).click();
    await page.waitForURL('**/onboarding/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your practice');
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Nigeria');

    // Client-side validation with the shared schema: nothing is sent while fields are missing.
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Select at least one therapy')).toBeVisible();
    await expect(page.getByText('Select at least one specialty')).toBeVisible();

    await page.getByLabel('Title').fill('Dr');
    await page.getByLabel('Gender').selectOption('female');
    await pick(page, 'State', 'Lag', 'Lagos');
    await page.getByLabel('Office address').fill('12 Admiralty Way, Lekki');
    await page.getByLabel('Zip code').fill('106104');
    await pick(page, 'Therapies', 'Indiv', 'Individual Therapy');
    await pick(page, 'Therapies', 'Couples', 'Couples Therapy');
    await pick(page, 'Modalities', 'video', 'Video Session');
    const specialties = page.getByRole('combobox', { name: 'Specialties' });
    await specialties.click();
    await specialties.fill('zzzz');
    await expect(page.getByText('No matching options found')).toBeVisible();
    await pick(page, 'Specialties', 'anx', 'Anxiety');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Remove Couples Therapy' })).toBeVisible();
    await page.screenshot({ path: 'test-results/profiles-onboarding-en.png', fullPage: true });
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByText('Data saved successfully')).toBeVisible();

    // Step 2: the fee, in the provider's currency.
    await expect(page.getByRole('heading', { name: 'Your fee per session' })).toBeVisible();
    await page.getByRole('button', { name: 'Set fee' }).click();
    const feeDialog = page.getByRole('dialog', { name: 'therapy fees' });
    const amount = feeDialog.getByLabel('Fixed fee per session (NGN)');
    await amount.pressSequentially('15a000');
    await expect(amount).toHaveValue('15000');
    await expect(feeDialog).toContainText('Clients pay ₦15,000.00 per session.');
    await page.screenshot({ path: 'test-results/profiles-fee-en.png' });
    const feeSaved = page.waitForRequest('**/api/provider/booking-fee/general');
    await feeDialog.getByRole('button', { name: 'Proceed' }).click();
    expect((await feeSaved).postDataJSON()).toEqual({ fee: 1_500_000, isFree: false });
    await expect(page.getByText('Fee Successfully Saved')).toBeVisible();
    await expect(page.getByTestId('onboarding-done')).toContainText('Your practice is set up');

    // Account: the setup panel is gone; the fee shows in naira; upload and crop a picture.
    await visit('/account/');
    await expect(page.getByTestId('setup-panel')).toHaveCount(0);
    await expect(page.getByTestId('general-fee')).toHaveText('₦15,000.00');
    await expect(page.getByLabel('Title')).toHaveValue('Dr');
    await page.getByTestId('profile-picture-input').setInputFiles(await makePicture());
    const crop = page.getByRole('dialog', { name: 'crop Image' });
    await expect(crop).toBeVisible();
    await crop.getByRole('slider', { name: 'Zoom' }).fill('1.5');
    await expect(crop).toContainText('1.5×');
    await page.screenshot({ path: 'test-results/profiles-crop-en.png' });
    const uploaded = page.waitForResponse('**/api/provider/update/photo');
    await crop.getByRole('button', { name: 'Save' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByText('Image Changed Successfully')).toBeVisible();
    await expect(crop).toHaveCount(0);
    const picture = page.getByTestId('profile-picture');
    await expect(picture).toHaveAttribute('src', /\/media\//);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);

    // Profile form: a field error from the shared schema, then a save.
    await page.getByLabel('Phone number').fill('123');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Number must be at least 10 digits')).toBeVisible();
    await page.getByLabel('Phone number').fill('+2348012345678');
    await page.getByLabel('Ethnicity').selectOption({ index: 1 });
    await page.getByLabel('Headline').fill('Clinical Psychologist');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Data saved successfully')).toBeVisible();
    await page.screenshot({ path: 'test-results/profiles-account-provider-en.png', fullPage: true });

    // German.
    await visit('/de/account/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konto');
    await expect(page.getByTestId('general-fee')).toHaveText(/^15\.000,00\s₦$/);
    await page.screenshot({ path: 'test-results/profiles-account-provider-de.png', fullPage: true });
    await page.getByRole('button', { name: 'Honorar ändern' }).click();
    const feeDe = page.getByRole('dialog', { name: 'Therapiehonorare' });
    await expect(feeDe.getByLabel('Festes Honorar pro Sitzung (NGN)')).toHaveValue('15000');
    await feeDe.getByLabel('Als kostenlos markieren').check();
    await expect(feeDe.getByLabel('Festes Honorar pro Sitzung (NGN)')).toHaveValue('0');
    await page.screenshot({ path: 'test-results/profiles-fee-de.png' });
    await feeDe.getByRole('button', { name: 'Weiter' }).click();
    await expect(page.getByText('Honorar erfolgreich gespeichert')).toBeVisible();
    await expect(page.getByTestId('general-fee')).toHaveText('Kostenlos');
    await visit('/de/onboarding/');
    await expect(page.getByTestId('onboarding-done')).toContainText('Deine Praxis ist eingerichtet');
    await page.screenshot({ path: 'test-results/profiles-onboarding-done-de.png', fullPage: true });
  });

  test('a client picks an avatar, edits the profile and emergency contact, and sets preferences', async ({
    page,
    visit,
    request,
  }) => {
    const client = await newUser(request, 'client', { firstName: 'Chioma', lastName: "O'Neill-Bello" });
    await signIn(page, client, '/account/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');

    // Avatar: Save without a choice, then choose one.
    await page.getByRole('button', { name: 'Choose an avatar' }).click();
    const picker = page.getByRole('dialog', { name: 'SELECT AN AVATAR' });
    await expect(picker.getByRole('radio')).toHaveCount(12);
    await picker.getByRole('button', { name: 'Save' }).click();
    await expect(picker.getByRole('alert')).toHaveText('please select an Avatar');
    await picker.getByAltText('Avatar 3').click();
    await expect(picker.getByRole('radio', { name: 'Avatar 3' })).toBeChecked();
    await expect
      .poll(() =>
        picker.locator('img').evaluateAll((images: HTMLImageElement[]) => images.every((i) => i.naturalWidth > 0)),
      )
      .toBe(true);
    await page.screenshot({ path: 'test-results/profiles-avatar-en.png' });
    await picker.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Image Changed Successfully')).toBeVisible();
    await expect(picker).toHaveCount(0);
    await expect(page.getByTestId('profile-picture')).toHaveAttribute('src', /avatar/);

    // Profile: a schema error, then a save that persists.
    const userName = page.getByLabel('Username');
    await userName.fill('a');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Must be at least 3 characters')).toBeVisible();
    await userName.fill(`ada_${Date.now() % 100000}`);
    await page.getByLabel('First name').fill('Adaeze');
    await page.getByLabel('Date of birth').fill('1990-04-12');
    await page.getByLabel('Gender').selectOption('female');
    await pick(page, 'Country', 'United K', 'United Kingdom');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/London');
    await pick(page, 'State', 'Eng', 'England');
    await page.getByLabel('Zip code').fill('SW1A 1AA');
    await page.getByLabel('Religion').selectOption({ label: 'Christianity' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Data saved successfully')).toBeVisible();

    // Emergency contact.
    await page.getByLabel('Name', { exact: true }).fill('Chidi Obi');
    await page.getByRole('region', { name: 'Emergency contact' }).getByLabel('Phone number').fill('08012345678');
    await page.getByRole('button', { name: 'Save contact' }).click();
    await expect(page.getByText('Data saved successfully').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/profiles-account-client-en.png', fullPage: true });

    await visit('/account/');
    await expect(page.getByLabel('First name')).toHaveValue('Adaeze');
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('England');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Chidi Obi');

    // Delete the picture (the avatar), after "Are you sure".
    await page.getByRole('button', { name: 'Delete picture' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Image Deleted Successfully')).toBeVisible();
    await expect(page.getByTestId('profile-picture-placeholder')).toBeVisible();

    // Preferences.
    await page
      .getByRole('navigation', { name: 'Account navigation' })
      .getByRole('link', { name: 'Preferences' })
      .click();
    await page.waitForURL('**/preference/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preferences');
    await pick(page, 'Modality', 'video', 'Video Session');
    await pick(page, 'Language', 'Yor', 'Yoruba');
    await pick(page, 'Language', 'Eng', 'English');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Data saved successfully')).toBeVisible();
    await page.screenshot({ path: 'test-results/profiles-preference-en.png', fullPage: true });
    await visit('/preference/');
    await expect(page.getByRole('button', { name: 'Remove Yoruba' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove Video Session' })).toBeVisible();

    // German.
    await visit('/de/preference/');
    await expect(page.getByRole('button', { name: 'Videositzung entfernen' })).toBeVisible();
    await page.screenshot({ path: 'test-results/profiles-preference-de.png', fullPage: true });
    await visit('/de/account/');
    await expect(page.getByRole('heading', { name: 'Profilbild' })).toBeVisible();
    await page.screenshot({ path: 'test-results/profiles-account-client-de.png', fullPage: true });
    await page.getByRole('button', { name: 'Avatar wählen' }).click();
    await page.getByRole('dialog', { name: 'WÄHLE EINEN AVATAR' }).getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Bitte wähle einen Avatar')).toBeVisible();
    await page.screenshot({ path: 'test-results/profiles-avatar-de.png' });
  });
});
