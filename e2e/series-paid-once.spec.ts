import { CLIENT, dismissConsent, PROVIDER, topUp, walletBalance, weekdayWithFree, ZONE } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { addDays, dateIn, dayMonthYear, pickSlot, signIn, tokenOf } from './helpers';

/**
 * A whole series in both languages: a client books a series of 4 (fortnightly in English, weekly
 * in German, each at a time no other journey takes), pays it once from the wallet, and the client
 * and the therapist each see it as one line with its four sessions beneath; then the client
 * cancels the last two, each refunded under its own 48-hour rule. Before paying, the client's
 * overview lists the held series once under awaiting payment. Nothing is left unpaid, so no hold is
 * left for the journeys after this one.
 */
const PRICE_MINOR = 1_500_000;

interface Session {
  identifier: string;
  status: string;
  isPaid: boolean;
}

const LANGUAGES = [
  {
    language: 'en',
    prefix: '',
    startInDays: 11,
    cadence: { label: 'Every two weeks', weeks: 2 },
    time: '11:00 AM – 12:00 PM',
    startTime: '11:00',
    words: {
      video: 'Video Session',
      therapy: /Individual Therapy/,
      note: 'Note for your therapist (optional)',
      next: 'Continue to choose a time',
      series: /Book a series/,
      count: 'Number of sessions',
      dates: 'Your sessions',
      total: 'Total for 4 sessions',
      totalAmount: '₦60,000.00',
      submit: 'Book 4 sessions and continue to payment',
      wholeSeries: /The whole series: 4 unpaid sessions/,
      pay: 'Pay ₦60,000.00 from wallet',
      confirmed: 'Your appointment is confirmed',
      status: 'Confirmed',
      line: 'Series of 4 sessions',
      paySeries: 'Pay for the series',
      actsOn: 'Next session (session 1):',
      sessions: 'Sessions of this series',
      cancelRest: 'Cancel this and later sessions',
      reason: /Reason for cancelling/,
      cancelTwo: 'Cancel 2 sessions',
      refunded: '₦15,000.00 refunded',
      cancelled: 'Cancelled',
    },
  },
  {
    language: 'de',
    prefix: '/de',
    startInDays: 12,
    cadence: { label: 'Jede Woche', weeks: 1 },
    time: '12:00 – 13:00',
    startTime: '12:00',
    words: {
      video: 'Videositzung',
      therapy: /Einzeltherapie/,
      note: 'Nachricht an deine Therapeut:in (optional)',
      next: 'Weiter zur Terminwahl',
      series: /Als Serie buchen/,
      count: 'Anzahl der Sitzungen',
      dates: 'Deine Sitzungen',
      total: 'Gesamt für 4 Sitzungen',
      totalAmount: '60.000,00 ₦',
      submit: '4 Sitzungen buchen und weiter zur Zahlung',
      wholeSeries: /Die ganze Serie: 4 unbezahlte Sitzungen/,
      pay: '60.000,00 ₦ mit Guthaben bezahlen',
      confirmed: 'Dein Termin ist bestätigt',
      status: 'Bestätigt',
      line: 'Serie mit 4 Sitzungen',
      paySeries: 'Serie bezahlen',
      actsOn: 'Nächste Sitzung (Sitzung 1):',
      sessions: 'Sitzungen dieser Serie',
      cancelRest: 'Diese und spätere Sitzungen stornieren',
      reason: /Grund der Stornierung/,
      cancelTwo: '2 Sitzungen stornieren',
      refunded: '15.000,00 ₦ erstattet',
      cancelled: 'Storniert',
    },
  },
] as const;

test.describe('a whole series, paid once', () => {
  for (const { language, prefix, startInDays, cadence, time, startTime, words } of LANGUAGES) {
    test(`a series of 4 is booked and paid once from the wallet, and listed as one line (${language})`, async ({
      page,
      visit,
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(240_000);
      const today = dateIn(ZONE, new Date());
      const clientToken = await tokenOf(request, CLIENT);
      await topUp(request, clientToken, 4 * PRICE_MINOR);
      const funded = await walletBalance(request, clientToken);
      const providerLogin = await (await request.post('/api/user/login', { data: PROVIDER })).json();
      const providerId = providerLogin.user.identifier as string;
      // The journeys before (the other language's series among them) may hold this hour on a date of the series.
      const first = await weekdayWithFree(request, providerId, {
        today,
        days: startInDays,
        time: startTime,
        zone: ZONE,
        repeat: { count: 4, everyDays: 7 * cadence.weeks },
      });
      const dates = [0, 1, 2, 3].map((index) => addDays(first, 7 * cadence.weeks * index));

      // Booking step 1 with the demo therapist.
      await signIn(page, CLIENT, `${prefix}/providers/`);
      await dismissConsent(page);
      await visit(`${prefix}/booking/?provider=${providerId}`);
      await page.getByRole('radio', { name: words.video }).check();
      await expect(page.getByRole('radio', { name: words.therapy })).toBeChecked();
      await page.getByLabel(words.note).fill('Vier Sitzungen – O’Brien-Müller');
      await page.getByRole('button', { name: words.next }).click();
      await page.waitForURL(/\/booking\/[0-9a-f-]{36}\/schedule\/$/);
      await page.waitForLoadState('networkidle');

      // Step 2: the first session, then a series of 4 at the chosen cadence: its dates and total.
      await pickSlot(page, first, today, time, language);
      await page.getByRole('checkbox', { name: words.series }).check();
      await page.getByRole('radio', { name: cadence.label }).check();
      await page.getByRole('combobox', { name: words.count }).selectOption('4');
      const listed = page.getByRole('list', { name: words.dates }).getByRole('listitem');
      await expect(listed).toHaveCount(4);
      for (const [index, date] of dates.entries()) {
        await expect(listed.nth(index)).toContainText(dayMonthYear(date, language));
        await expect(listed.nth(index)).toContainText(time);
      }
      await expect(page.getByTestId('series-total')).toContainText(words.total);
      await expect(page.getByTestId('series-total')).toContainText(words.totalAmount);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/series-paid-once-schedule-${language}.png`, fullPage: true });
      await page.getByRole('button', { name: words.submit }).click();

      // Step 3: the whole series is the first choice; one payment from the wallet.
      await page.waitForURL(/\/payment\/[0-9a-f-]{36}\/$/);
      const paymentPath = new URL(page.url()).pathname;
      const heldId = paymentPath.match(/payment\/([0-9a-f-]{36})\//)?.[1] as string;

      // Held, not yet paid: the overview lists the series once, paid as a series.
      await visit(`${prefix}/overview/`);
      const held = await request.get(`/api/booking/${heldId}/series`, {
        headers: { Authorization: `Bearer ${clientToken}` },
      });
      const heldIds = ((await held.json()) as { bookings: Session[] }).bookings.map((booking) => booking.identifier);
      expect(heldIds).toHaveLength(4);
      const awaiting = page.getByTestId('awaiting-line');
      for (const id of heldIds.slice(1)) {
        await expect(awaiting.filter({ has: page.locator(`a[href="${prefix}/payment/${id}/"]`) })).toHaveCount(0);
      }
      const heldLine = awaiting.filter({ has: page.locator(`a[href="${prefix}/payment/${heldIds[0]}/"]`) });
      await expect(heldLine).toHaveCount(1);
      await expect(heldLine.getByTestId('awaiting-series')).toHaveText(words.line);
      await expect(heldLine.getByRole('link', { name: words.paySeries })).toBeVisible();
      await heldLine.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/series-paid-once-overview-${language}.png`, fullPage: true });
      // On a phone: the line's words wrap inside the card, nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await heldLine.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `test-results/series-paid-once-overview-${language}-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await heldLine.getByRole('link', { name: words.paySeries }).click();
      await page.waitForURL(`**${paymentPath}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('radio', { name: words.wholeSeries })).toBeChecked();
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/series-paid-once-payment-${language}.png`, fullPage: true });
      await page.getByRole('button', { name: words.pay }).click();

      // The confirmation: all four sessions confirmed; the wallet paid 4 × the price, once.
      await page.waitForURL(/\/appointment\/confirmation\/[0-9a-f-]{36}\/$/);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.confirmed);
      const confirmed = page.getByTestId('series-session');
      await expect(confirmed).toHaveCount(4);
      for (let index = 0; index < 4; index += 1) await expect(confirmed.nth(index)).toContainText(words.status);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/series-paid-once-confirmation-${language}.png`, fullPage: true });
      expect(await walletBalance(request, clientToken)).toBe(funded - 4 * PRICE_MINOR);

      const bookingId = page.url().match(/confirmation\/([0-9a-f-]{36})\//)?.[1] as string;
      const seriesAnswer = await request.get(`/api/booking/${bookingId}/series`, {
        headers: { Authorization: `Bearer ${clientToken}` },
      });
      const series = (await seriesAnswer.json()) as { bookings: Session[] };
      expect(series.bookings.map((booking) => [booking.status, booking.isPaid])).toEqual(
        Array.from({ length: 4 }, () => ['confirmed', true]),
      );
      const sessionIds = series.bookings.map((booking) => booking.identifier);

      // One line for the series in each party's list, its four sessions beneath, each with its link.
      const expectOneLine = async (scope: typeof page) => {
        const cards = scope.getByTestId('appointment-card');
        for (const id of sessionIds) {
          await expect(cards.filter({ has: scope.locator(`a[href="${prefix}/appointments/${id}/"]`) })).toHaveCount(1);
        }
        const line = cards.filter({ has: scope.locator(`a[href="${prefix}/appointments/${sessionIds[3]}/"]`) });
        await expect(line.getByTestId('series-line-label')).toHaveText(words.line);
        await expect(line.getByTestId('series-acts-on')).toContainText(words.actsOn);
        const beneath = line.getByRole('list', { name: words.sessions }).getByRole('listitem');
        await expect(beneath).toHaveCount(4);
        for (let index = 0; index < 4; index += 1) await expect(beneath.nth(index)).toContainText(words.status);
        return line;
      };
      await visit(`${prefix}/appointments/?status=upcoming`);
      const clientLine = await expectOneLine(page);
      await clientLine.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/series-paid-once-list-client-${language}.png`, fullPage: true });

      const providerContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
      const provider = await providerContext.newPage();
      try {
        await signIn(provider, PROVIDER, `${prefix}/appointments/`);
        await dismissConsent(provider);
        await provider.goto(`${prefix}/appointments/?status=upcoming`);
        await provider.waitForLoadState('networkidle');
        await expectOneLine(provider);
        await expectAccessible(provider);
        await provider.screenshot({
          path: `test-results/series-paid-once-list-provider-${language}.png`,
          fullPage: true,
        });
      } finally {
        await providerContext.close();
      }

      // The client cancels the last two sessions from the third one's page: each is more than 48
      // hours ahead, so the API refunds each in full, and the page says so per session.
      await visit(`${prefix}/appointments/${sessionIds[2]}/`);
      await page.getByRole('button', { name: words.cancelRest }).click();
      await expect(page.getByTestId('cancel-series-session')).toHaveCount(2);
      await page.getByLabel(words.reason).fill('Umzug – Siobhán O’Brien');
      await page.getByRole('button', { name: words.cancelTwo }).click();
      const results = page.getByTestId('cancelled-session');
      await expect(results).toHaveCount(2);
      for (let index = 0; index < 2; index += 1) await expect(results.nth(index)).toContainText(words.refunded);
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/series-paid-once-cancel-rest-${language}.png`, fullPage: true });
      expect(await walletBalance(request, clientToken)).toBe(funded - 2 * PRICE_MINOR);
      const sessionsBeneath = page.getByTestId('series-session');
      await expect(sessionsBeneath.nth(0)).toContainText(words.status);
      await expect(sessionsBeneath.nth(3)).toContainText(words.cancelled);
    });
  }
});
