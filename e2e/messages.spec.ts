import { CLIENT, CLIENT_NAME, dismissConsent, PROVIDER, PROVIDER_NAME } from './demo';
import { expect, expectAccessible, test } from './fixtures';
import { signIn, tokenOf } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test.describe('messages between a client and their therapist', () => {
  test('the chat list is rendered on the server at first load, in en and de, and works once hydrated', async ({
    page,
    request,
  }) => {
    const headers = { Authorization: `Bearer ${await tokenOf(request, CLIENT)}` };
    // The client's conversation with a therapist they have booked (opened, or the one they have).
    const contacts = (await (await request.get('/api/messages/contacts', { headers })).json()) as Array<{
      identifier: string;
    }>;
    const opened = await request.post('/api/messages/conversations', {
      headers,
      data: { userIdentifier: contacts[0]?.identifier },
    });
    expect(opened.ok()).toBe(true);
    const answer = await request.get('/api/messages/chat-list', { headers });
    expect(answer.ok()).toBe(true);
    const chats = (await answer.json()) as { data: Array<{ identifier: string; otherPerson: { name?: string } }> };
    expect(chats.data.length).toBeGreaterThan(0);
    await signIn(page, CLIENT, '/overview/');
    // A new tab shares the cookies but not the tab's session: the server renders from the page credential.
    const tab = await page.context().newPage();
    const listCalls: string[] = [];
    const problems: string[] = [];
    tab.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/messages/chat-list') listCalls.push(sent.url());
    });
    tab.on('pageerror', (error) => problems.push(error.message));
    tab.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    for (const path of ['/messages/', '/de/messages/']) {
      const response = await tab.goto(path);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      const html = (await response?.text()) ?? '';
      for (const chat of chats.data) expect(html).toContain(`/messages/${chat.identifier}/`);
      await tab.waitForLoadState('networkidle');
      await expect(tab.getByTestId('chat-list').getByRole('link')).toHaveCount(chats.data.length);
    }
    await tab.screenshot({ path: 'test-results/messages-server-rendered-de.png' });
    expect(listCalls).toEqual([]);
    expect(problems).toEqual([]);
    // Hydrated: a conversation opens from the server-rendered list.
    const first = chats.data[0]?.identifier ?? '';
    await tab.getByTestId('chat-list').locator(`a[href$="/messages/${first}/"]`).click();
    await tab.waitForURL(`**/de/messages/${first}/`);
    await expect(tab.getByRole('textbox').last()).toBeVisible();
    await tab.close();
  });

  test('exchange messages and an attachment live; one edits, one deletes', async ({ page, browser, baseURL }) => {
    // The client opens the conversation with the demo therapist (they have a booking together).
    await signIn(page, CLIENT, '/messages/');
    await dismissConsent(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Messages', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByRole('button', { name: new RegExp(PROVIDER_NAME.replace('Dr ', '')) }).click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}\/$/);
    const threadPath = new URL(page.url()).pathname;
    await expect(page.getByTestId('thread-title')).toContainText('Chiamaka');

    // The therapist, in a second browser, waits on the chat list.
    const providerContext = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const provider = await providerContext.newPage();
    // Live events reach a page once its socket is signed in; a message sent before that is in the
    // list the page loads next, not pushed. Under load the two can be seconds apart, so the client
    // writes once the therapist's page listens.
    const listening = new Promise<void>((resolve) => {
      provider.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"auth.ok"')) resolve();
        }),
      );
    });
    await signIn(provider, PROVIDER, '/messages/');
    await dismissConsent(provider);
    await listening;

    await page.getByTestId('composer-text').fill('Hello <script>alert(1)</script> see https://example.com/info');
    await page.getByTestId('composer-send').click();
    await expect(page.getByTestId('message-text').last()).toContainText('<script>alert(1)</script>');

    // Live on the therapist's side, without a reload: the conversation, its unread badge, the header count.
    await expect(provider.getByTestId('chat-list')).toContainText(CLIENT_NAME.split(' ')[0] as string);
    await expect(provider.getByTestId('unread-badge')).toHaveText(/1/);
    await expect(provider.getByTestId('header-unread')).toHaveText('1');
    await provider.getByTestId('chat-list').getByRole('link').first().click();
    await provider.waitForURL(`**${threadPath}`);
    const received = provider.getByTestId('message-text').last();
    await expect(received).toContainText('Hello <script>alert(1)</script>');
    await expect(received.getByRole('link', { name: 'https://example.com/info' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await expect(provider.getByTestId('header-unread')).toHaveCount(0);
    // The client's tick turns to seen.
    await expect(page.getByTestId('message-status').last()).toContainText('Seen');

    // The therapist answers with a PDF; it arrives live with a link.
    await provider.getByTestId('composer-file-input').setInputFiles({
      name: 'session-plan.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await provider.getByTestId('composer-text').fill('Here is the plan');
    await provider.getByTestId('composer-send').click();
    await expect(page.getByTestId('message-attachment')).toContainText('session-pl...');
    const fileLink = await page.getByTestId('message-attachment').getAttribute('href');
    expect(fileLink).toMatch(/^\/api\/files\//);
    const file = await page.request.get(fileLink as string);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');

    // The client edits their message; the therapist sees the new words.
    const own = page.locator('[data-own="true"]').first();
    await own.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Edit message').fill('Hello, edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(provider.getByText('Hello, edited')).toBeVisible();
    await expect(provider.getByText('edited', { exact: true })).toBeVisible();

    // The therapist deletes their message through the confirm modal; the client sees it deleted.
    await provider.locator('[data-own="true"]').last().getByRole('button', { name: 'Delete' }).click();
    const dialog = provider.getByRole('dialog', { name: 'Delete message' });
    await expect(dialog).toBeVisible();
    await expectAccessible(provider);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('thread').getByText('message deleted')).toBeVisible();
    await expect(page.getByTestId('message-attachment')).toHaveCount(0);
    const gone = await page.request.get(fileLink as string);
    expect(gone.status()).toBe(404);

    await expectAccessible(page);
    await providerContext.close();
  });

  test('the Message button on a booking opens the conversation, in German too', async ({ page }) => {
    await signIn(page, CLIENT, '/de/appointments/');
    await dismissConsent(page);
    await page.getByRole('link', { name: 'Details' }).first().click();
    await page.waitForURL(/\/de\/appointments\/[0-9a-f-]{36}\/$/);
    await page.getByRole('button', { name: 'Nachricht schreiben', exact: true }).click();
    await page.waitForURL(/\/de\/messages\/[0-9a-f-]{36}\/$/);
    await expect(page.getByTestId('thread-title')).toContainText('Chiamaka');
    await expect(page.getByPlaceholder('Nachricht schreiben…')).toBeVisible();
  });
});
