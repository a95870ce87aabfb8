import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { firstSlot, PROVIDER } from './demo';
import { expect, test } from './fixtures';

/**
 * No personal or health data in logs or URLs: a server of its own (logging at debug, every line
 * kept) goes through sign-up, sign-in, profile, booking with a note, messages, a password-reset
 * request, a search, a data export and account deletion with canary names, email, phone and
 * text, in the browser and through the API; then no log line may hold any of them. The server
 * also exports its traces and metrics over OTLP to a receiver of the test's own: no span or metric
 * may hold any of them either.
 */
const PORT = Number(process.env.E2E_PORT ?? 3199) + 50;
const BASE = `http://127.0.0.1:${PORT}`;
test.use({ baseURL: BASE });

const stamp = Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] as string);
const CANARY = {
  firstName: `Zorbatheus${stamp}`,
  lastName: `Quillfeather${stamp}`,
  email: `zorbatheus.${stamp}@canary-mail.test`,
  phone: '+2348098765432',
  userName: `zq_${stamp}`,
  emergency: `Ottoline Canarysister`,
  note: `canary-note: panic attacks since ${stamp}`,
  message: `canary-message: my diagnosis ${stamp}`,
  password: `Canary-secret-${stamp}`,
};

const lines: string[] = [];
let server: ChildProcess | null = null;
/** What the server exported over OTLP (protobuf: strings travel as plain UTF-8), by path. */
const exported: { path: string; body: Buffer }[] = [];
let receiver: Server | null = null;
const OTLP_PORT = PORT + 1;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = path.join(root, `.data/e2e-canary-${PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      exported.push({ path: request.url ?? '', body: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(OTLP_PORT, '127.0.0.1', resolve));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      NODE_ENV: 'production',
      DEV_TOOLS: 'on',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      RATE_LIMIT_SCALE: '20',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${OTLP_PORT}`,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_METRIC_EXPORT_INTERVAL: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
    });
  }
  for (let i = 0; i < 170; i += 1) {
    const ok = await fetch(`${BASE}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the canary server did not start:\n${lines.slice(-20).join('\n')}`);
});

test.afterAll(async () => {
  receiver?.close();
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('no canary name, email, phone, note or message reaches a log line', async ({ page, visit, request }) => {
  test.setTimeout(180_000);
  // Sign-up in the browser, then "Do later".
  await visit('/signup/');
  await page.getByLabel('First name').fill(CANARY.firstName);
  await page.getByLabel('Last name').fill(CANARY.lastName);
  await page.getByLabel('Email').fill(CANARY.email);
  await page.getByLabel('Phone number').fill(CANARY.phone);
  await page.getByLabel('Password', { exact: true }).fill(CANARY.password);
  await page.getByLabel('Confirm password').fill(CANARY.password);
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Do later' }).click();
  await page.waitForURL('**/overview/');
  await visit('/account/');
  await visit('/security/');

  // The rest through the API, as the web app calls it.
  const login = await request.post('/api/user/login', { data: { email: CANARY.email, password: CANARY.password } });
  expect(login.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  expect(
    (await request.post('/api/user/login', { data: { email: CANARY.email, password: 'wrong-password-1' } })).status(),
  ).toBe(401);
  expect((await request.post('/api/user/request-password-reset', { data: { email: CANARY.email } })).ok()).toBe(true);
  expect((await request.put('/api/client', { headers, data: { userName: CANARY.userName } })).ok()).toBe(true);
  expect(
    (
      await request.post('/api/client/emergency-contact', {
        headers,
        data: { name: CANARY.emergency, phoneNumber: '08012345678' },
      })
    ).ok(),
  ).toBe(true);

  const providerLogin = await request.post('/api/user/login', { data: PROVIDER });
  const provider = await providerLogin.json();
  const providerHeaders = { Authorization: `Bearer ${provider.token}` };
  const providerId = provider.user.identifier as string;
  const profile = await (await request.get(`/api/providers/${providerId}`)).json();
  const booking = await request.post('/api/booking', {
    headers,
    data: {
      providerIdentifier: providerId,
      therapyIdentifier: profile.therapies?.[0]?.identifier ?? profile.therapyCategories?.[0]?.identifier,
      modalityIdentifier: profile.modalities?.[0]?.identifier,
      note: CANARY.note,
    },
  });
  expect(booking.ok(), await booking.text()).toBe(true);
  const bookingId = (await booking.json()).identifier as string;
  const scheduled = await request.post(`/api/booking/${bookingId}/schedule`, {
    headers,
    data: { timeslotIdentifier: await firstSlot(request, providerId), note: CANARY.note },
  });
  expect(scheduled.ok(), await scheduled.text()).toBe(true);

  const conversation = await request.post('/api/messages/conversations', {
    headers,
    data: { userIdentifier: providerId },
  });
  expect(conversation.ok(), await conversation.text()).toBe(true);
  const conversationId = (await conversation.json()).identifier as string;
  const sent = await request.post('/api/messages/store', {
    headers,
    multipart: { conversationIdentifier: conversationId, text: CANARY.message },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  // The provider searches their chats by the client's name (a query string with a name in it).
  const search = await request.get(`/api/messages/chat-list?searchQuery=${encodeURIComponent(CANARY.firstName)}`, {
    headers: providerHeaders,
  });
  expect(search.ok()).toBe(true);
  await request.get(`/appointments/${bookingId}/`);

  // Data export, downloaded; then the account goes.
  await request.post('/api/user/data-export', { headers });
  let url = '';
  await expect
    .poll(
      async () => {
        url = (await (await request.get('/api/user/data-export', { headers })).json()).export?.download?.url ?? '';
        return url;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  expect((await (await request.get(url)).json()).sections.profile.person.email).toBe(CANARY.email);
  const deleted = await request.delete('/api/user/profile/delete-account', {
    headers,
    data: { password: CANARY.password },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);

  // Every line the server wrote: requests were logged (the scan saw real traffic), no canary in any.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(lines.filter((line) => line.includes('/api/booking')).length).toBeGreaterThan(0);
  const needles = [
    CANARY.firstName,
    CANARY.lastName,
    CANARY.email,
    CANARY.email.split('@')[0] as string,
    encodeURIComponent(CANARY.email),
    CANARY.phone,
    CANARY.phone.slice(1),
    CANARY.userName,
    CANARY.emergency,
    'Canarysister',
    CANARY.note,
    'panic attacks',
    CANARY.message,
    'my diagnosis',
    CANARY.password,
  ].map((needle) => needle.toLowerCase());
  const leaks = lines.filter((line) => needles.some((needle) => line.toLowerCase().includes(needle)));
  expect(leaks, `${lines.length} log lines scanned`).toEqual([]);

  // The spans and metrics of all that (batched every 200 ms, metrics every second) reached the
  // receiver, with request ids, and hold no canary either.
  await expect
    .poll(() => exported.filter((item) => item.path === '/v1/traces' && item.body.includes('/api/booking')).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(() => exported.filter((item) => item.path === '/v1/metrics').length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  expect(exported.some((item) => item.body.includes('http.request.id'))).toBe(true);
  // Each leak with the bytes around it, so a failure says which attribute carried it.
  const spanLeaks = exported.flatMap((item) => {
    const text = item.body.toString('latin1');
    const lower = text.toLowerCase();
    return needles
      .filter((needle) => lower.includes(needle))
      .map((needle) => {
        const at = lower.indexOf(needle);
        return `${item.path}: ${JSON.stringify(text.slice(Math.max(0, at - 120), at + needle.length + 40))}`;
      });
  });
  expect(spanLeaks, `${exported.length} OTLP exports scanned`).toEqual([]);
});
