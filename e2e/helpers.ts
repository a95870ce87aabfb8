/** What the journeys do again and again: sign in, sign up through the API, read emails, dates and calendars. */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Account {
  email: string;
  password: string;
}

/** Fills and sends the sign-in form of the page as it is (English). */
export async function submitSignIn(page: Page, account: Account) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in from /login/ and waits until `redirect` has loaded. */
export async function signIn(page: Page, account: Account, redirect: string) {
  await page.goto(`/login/?redirect=${encodeURIComponent(redirect)}`);
  await submitSignIn(page, account);
  await page.waitForURL((url) => url.pathname === redirect);
  await page.waitForLoadState('networkidle');
}

/** An access token for API calls as `account`. */
export async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const answer = await request.post('/api/user/login', { data: account });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { token: string }).token;
}

/** The account's id, as signing in answers it. */
export async function accountIdOf(request: APIRequestContext, account: Account): Promise<string> {
  const answer = await request.post('/api/user/login', { data: account });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { user: { identifier: string } }).user.identifier;
}

export interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  template: string;
}

/** The emails sent to an address so far (the dev outbox, newest first). */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxEmail[]> {
  return (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as OutboxEmail[];
}

/** The identifier of a country in the reference data ("NG"). */
export async function countryIdentifier(request: APIRequestContext, code: string): Promise<string | undefined> {
  const countries = (await (await request.get('/api/region/country')).json()) as { identifier: string; code: string }[];
  return countries.find((country) => country.code === code)?.identifier;
}

/**
 * Signs up through POST /user/register with `body` and confirms the email with the token of the
 * link the outbox received: a verified account that can sign in (`headers` such as X-Language: its language).
 */
export async function signUpVerified(
  request: APIRequestContext,
  body: { email: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const registered = await request.post('/api/user/register', { data: body, headers });
  expect(registered.status(), await registered.text()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      const emails = await outbox(request, body.email);
      token = emails.map((item) => /[?&]token=([\w-]+)/.exec(item.text)?.[1]).find(Boolean) ?? '';
      return token;
    })
    .not.toBe('');
  const verified = await request.post('/api/user/register/verify', { data: { token } });
  expect(verified.ok()).toBe(true);
}

/** "YYYY-MM-DD" of an instant in a zone. */
export function dateIn(zone: string, instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * "29 November 2026" (the part of a day's accessible name every engine writes the same way), never
 * preceded by a digit, so 6 December does not also match 16 and 26 December.
 */
export function dayMonthYear(date: string, language: 'en' | 'de' = 'en'): RegExp {
  const text = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  return new RegExp(`(?<!\\d)${text.replace('.', '\\.')}`);
}

/** Shows the month of `date` in a calendar whose "Next month" button is in `scope` (`today` bounds the clicks). */
export async function showMonthOf(scope: Page | Locator, date: string, today: string, next = 'Next month') {
  // A calendar opens on the month of its first choosable day, which on a month's last days is
  // the next month: move from the month it shows (its title beside the arrows), not from today's.
  const language = next === 'Nächster Monat' ? 'de' : 'en';
  const wanted = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date.slice(0, 7)}-01T12:00:00Z`),
  );
  const button = scope.getByRole('button', { name: next });
  const title = button.locator('..').getByRole('heading');
  const most =
    (Number(date.slice(0, 4)) - Number(today.slice(0, 4))) * 12 + Number(date.slice(5, 7)) - Number(today.slice(5, 7));
  for (let i = 0; i < most; i += 1) {
    const shown = ((await title.textContent()) ?? '').trim();
    if (shown === wanted) break;
    await button.click();
    await expect(title).not.toHaveText(shown);
  }
  await expect(title).toHaveText(wanted);
}

/** Picks `date` at `time` ("9:00 AM – 10:00 AM") in a booking calendar inside `scope`. */
export async function pickSlot(
  scope: Page | Locator,
  date: string,
  today: string,
  time: string,
  language: 'en' | 'de' = 'en',
) {
  await expect(scope.getByRole('table')).toBeVisible();
  await showMonthOf(scope, date, today, language === 'de' ? 'Nächster Monat' : 'Next month');
  // "Tuesday, 1 December 2026, 8 slots available": the commas keep 1 December from matching 11 December.
  const day = scope.getByRole('button', { name: new RegExp(`, ${dayMonthYear(date, language).source},`) });
  // The calendar picks a default day when a month's slots arrive: the times shown must be this day's
  // before one is chosen, or a click that landed first would pick from another day.
  const times = scope.getByRole('heading', { level: 3, name: dayMonthYear(date, language) });
  await expect(async () => {
    await day.click();
    await expect(times).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // The day's slots can re-render once more after the day is chosen (a refetch); choose until it holds.
  const slot = scope.getByRole('radio', { name: time });
  await expect(async () => {
    await slot.check({ force: true });
    await expect(slot).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** Fails when anything is drawn over the centre of a consent button. */
export async function expectConsentButtonsUncovered(page: Page) {
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  for (const button of await banner.getByRole('button').all()) {
    const covered = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      // Inside the rounded shape: its corners belong to what lies behind the button.
      const middle = box.top + box.height / 2;
      const points = [
        [box.left + box.width / 2, middle],
        [box.left + box.width * 0.2, middle],
        [box.right - box.width * 0.2, middle],
      ];
      return points.some(([x, y]) => {
        const top = document.elementFromPoint(x as number, y as number);
        return top !== null && !element.contains(top);
      });
    });
    expect(covered, `${await button.textContent()} is covered`).toBe(false);
  }
}

/** An amount as the pages write it (formatMoney: the page's language, narrow symbol). */
export function moneyText(minor: number, currency: string, language: 'en' | 'de' = 'en'): string {
  const locale = language === 'de' ? 'de-DE' : 'en-GB';
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(
    minor / 100,
  );
}
