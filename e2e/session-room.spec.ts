import type { APIRequestContext, Browser, Page, WebSocketRoute } from '@playwright/test';
import config from '../playwright.config';
import { CLIENT, dismissConsent, PROVIDER } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { type Account, countryIdentifier, signUpVerified, submitSignIn, tokenOf } from './helpers';

/** Two demo therapists of the seed who have no other sessions in the journeys. */
const ROOM_PROVIDER = { email: 'emeka.obi@demo.test', password: 'demo-pass-123' };
const EARLY_PROVIDER = { email: 'funke.adeyemi@demo.test', password: 'demo-pass-123' };
const PASSWORD = 'calm-river-42';

// Fake camera and microphone, allowed without a prompt: for this journey's browser only.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

async function newClient(request: APIRequestContext): Promise<Account> {
  const email = `room.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`;
  await signUpVerified(request, {
    userType: 'client',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Kemi',
    lastName: 'Bello',
    phoneNumber: '+2348012345678',
    countryIdentifier: await countryIdentifier(request, 'NG'),
    agreeToTerms: true,
  });
  return { email, password: PASSWORD };
}

/** A confirmed video session starting in `minutes` (the dev tool: slots only start on the hour). */
async function sessionIn(request: APIRequestContext, client: Account, provider: Account, minutes: number) {
  const answer = await request.post('/api/dev/session-room', {
    data: { clientEmail: client.email, providerEmail: provider.email, startsInMinutes: minutes },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { bookingIdentifier: string }).bookingIdentifier;
}

/** Signs in from /login/ (the consent banner answered there first) and waits for `path`. */
async function signIn(page: Page, account: Account, path: string) {
  await page.goto(`/login/?redirect=${encodeURIComponent(path)}`);
  await dismissConsent(page);
  await submitSignIn(page, account);
  await page.waitForURL((url) => url.pathname === path);
}

async function signedInPage(browser: Browser, baseURL: string | undefined, account: Account, path: string) {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, account, path);
  return page;
}

/** The other side's picture is a live video track with decoded frames. */
async function expectLiveRemoteVideo(page: Page) {
  await expect
    .poll(
      () =>
        page.getByTestId('remote-video').evaluate((element) => {
          const video = element as HTMLVideoElement;
          const track = (video.srcObject as MediaStream | null)?.getVideoTracks()[0];
          return Boolean(track && track.readyState === 'live' && !track.muted && video.videoWidth > 0);
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

test.describe('the session room', () => {
  test('client and therapist meet in the room: video both ways, mute, chat, a dropped connection comes back', async ({
    page,
    browser,
    baseURL,
    request,
    visit,
  }) => {
    test.setTimeout(180_000); // three browsers, a connection cut and restored
    const client = await newClient(request);
    const bookingId = await sessionIn(request, client, ROOM_PROVIDER, 1);
    // The client's live socket runs through a relay this test can cut, as a network drop would.
    const network = { down: false, sockets: [] as WebSocketRoute[] };
    await page.routeWebSocket(/\/api\/ws$/, (socket) => {
      if (network.down) return socket.close({ code: 4500, reason: 'network down' });
      network.sockets.push(socket);
      socket.connectToServer();
    });

    // The client finds "Join the session" on the booking (the room opens 10 minutes ahead).
    await signIn(page, client, `/appointments/${bookingId}/`);
    await page.getByTestId('join-session').click();
    await page.waitForURL(`**/session/${bookingId}/`);
    await expect(page.getByRole('heading', { name: 'Session with Emeka Obi' })).toBeVisible();
    // The pre-join check: camera, microphone and connection.
    for (const check of ['Camera', 'Microphone', 'Connection']) {
      await expect(page.getByTestId(`check-${check}`)).toHaveAttribute('data-status', 'ok');
    }
    await expectAccessible(page);
    await page.getByTestId('join-room').click();
    await expect(page.getByTestId('room-status')).toHaveText('Waiting for Emeka Obi to join…');

    // The therapist joins from a second browser.
    const therapist = await signedInPage(browser, baseURL, ROOM_PROVIDER, `/session/${bookingId}/`);
    await expect(therapist.getByRole('heading', { name: 'Session with Kemi Bello' })).toBeVisible();
    await therapist.getByTestId('join-room').click();

    // Each receives the other's live video track.
    await expectLiveRemoteVideo(page);
    await expectLiveRemoteVideo(therapist);
    await expect(page.getByTestId('room-stage')).toHaveAttribute('data-phase', 'connected');
    await expect(page.getByTestId('connection-quality')).toHaveAttribute('data-quality', /good|fair|poor/);
    await expectAccessible(therapist);

    // Mute: the other side sees it.
    await therapist.getByTestId('toggle-microphone').click();
    await expect(therapist.getByTestId('toggle-microphone')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('remote-muted')).toBeVisible();

    // The text panel is the booking's conversation, live on both sides.
    await page.getByTestId('room-chat').getByTestId('composer-text').fill('Can you hear me now?');
    await page.getByTestId('room-chat').getByTestId('composer-send').click();
    await expect(therapist.getByTestId('room-chat').getByTestId('message-text').last()).toContainText(
      'Can you hear me now?',
    );

    // The client's connection to the service drops for a while and comes back: the room says so,
    // enters again by itself (a new stay, the old one recorded as lost) and the video carries on.
    network.down = true;
    for (const socket of network.sockets.splice(0)) await socket.close({ code: 4500, reason: 'network down' });
    await expect(page.getByTestId('connection-quality')).toHaveAttribute('data-quality', 'reconnecting');
    await expect(page.getByTestId('room-status')).toHaveText('Connection lost. Reconnecting…');
    await page.waitForTimeout(2_000);
    network.down = false;
    await expect(page.getByTestId('connection-quality')).toHaveAttribute('data-quality', /good|fair|poor/, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('room-stage')).toHaveAttribute('data-phase', 'connected');
    await expectLiveRemoteVideo(page);
    await expectLiveRemoteVideo(therapist);

    // Leaving is recorded; the booking page is one click away.
    await page.getByTestId('leave-room').click();
    await expect(page.getByTestId('room-notice')).toHaveText('You left the session.');
    await expect(therapist.getByTestId('room-status')).toHaveText('Waiting for Kemi Bello to join…');
    const token = await tokenOf(request, client);
    const outcome = await request.get(`/api/booking/${bookingId}/outcome`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const attendance = (
      (await outcome.json()) as { attendance: { party: string; leftAt: string | null; lost: boolean }[] }
    ).attendance;
    // Two stays of the client: the one its dropped connection ended (lost), the one it left on purpose.
    expect(
      attendance.filter((stay) => stay.party === 'client').map((stay) => [stay.lost, stay.leftAt !== null]),
    ).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(attendance.some((stay) => stay.party === 'provider')).toBe(true);
    await therapist.context().close();

    // Anyone else is refused: the page is not found, and so is the API's room.
    const stranger = await signedInPage(browser, baseURL, PROVIDER, `/session/${bookingId}/`);
    await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(stranger.getByTestId('join-room')).toHaveCount(0);
    const strangerToken = await tokenOf(request, PROVIDER);
    const refused = await request.get(`/api/booking/${bookingId}/room`, {
      headers: { Authorization: `Bearer ${strangerToken}` },
    });
    expect(refused.status()).toBe(404);
    await expectAccessible(stranger);
    await stranger.context().close();
    await visit(`/appointments/${bookingId}/`);
  });

  test('the room refuses to open early and says when it opens, in German too', async ({ page, request }) => {
    const bookingId = await sessionIn(request, CLIENT, EARLY_PROVIDER, 120);
    const token = await tokenOf(request, CLIENT);
    const early = await request.get(`/api/booking/${bookingId}/room`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { code: string }).code).toBe('ROOM_NOT_OPEN');

    await signIn(page, CLIENT, `/appointments/${bookingId}/`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Funke Adeyemi');
    await expect(page.getByTestId('join-session')).toHaveCount(0);
    await page.goto(`/de/session/${bookingId}/`);
    await expect(page.getByTestId('room-not-open')).toContainText('Der Sitzungsraum öffnet 10 Minuten vor Beginn');
    await expect(page.getByTestId('join-room')).toBeDisabled();
    await expectAccessible(page);
  });
});
