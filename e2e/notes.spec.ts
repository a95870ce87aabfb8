import { CLIENT_NAME, dismissConsent, PROVIDER } from './demo';
import { expect, test } from './fixtures';
import { outbox, signIn, tokenOf } from './helpers';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test.describe('clinical notes and the client list', () => {
  test('after a session the provider writes a typed and a file note, imports three clients by CSV and opens a client', async ({
    page,
    visit,
    request,
  }) => {
    const token = await tokenOf(request, PROVIDER);
    const appointments = await request.get('/api/appointment', { headers: { Authorization: `Bearer ${token}` } });
    const session = (
      (await appointments.json()) as { data: Array<{ identifier: string; client: { name: string } }> }
    ).data.find((booking) => booking.client.name === CLIENT_NAME);
    expect(session).toBeDefined();

    // The session's page: a typed session note, then a file note.
    await signIn(page, PROVIDER, '/clients/');
    await dismissConsent(page);
    await visit(`/appointments/${session?.identifier}/`);
    await page.getByTestId('add-session-note').click();
    const add = page.getByRole('dialog', { name: 'Add a note' });
    await add.getByRole('button', { name: /Type a note/ }).click();
    await add.getByLabel('Title').fill('x');
    await add.getByRole('button', { name: 'Save note' }).click();
    await expect(add.getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(add.getByText('Write the note')).toBeVisible();
    await add.getByLabel('Title').fill('First session');
    await add.getByLabel('Note', { exact: true }).fill('Talked about stress at work; agreed on a sleep diary.');
    await add.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Session note added successfully')).toBeVisible();
    // The success view closes itself after 2 seconds.
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 5_000 });
    const notes = page.getByTestId('note-item');
    await expect(notes.filter({ hasText: 'First session' })).toBeVisible();

    await page.getByTestId('add-session-note').click();
    await page
      .getByRole('dialog', { name: 'Add a note' })
      .getByRole('button', { name: /Upload a file/ })
      .click();
    const upload = page.getByRole('dialog', { name: 'Add a note' });
    await upload.getByLabel('Title').fill('Sleep diary');
    await upload
      .getByLabel('File')
      .setInputFiles({ name: 'sleep-diary.pdf', mimeType: 'application/pdf', buffer: PDF });
    await upload.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Session note added successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 5_000 });
    await expect(notes.filter({ hasText: 'sleep-diary.pdf' })).toBeVisible();
    await expectAccessibleDialog(page, async () => {
      await notes.filter({ hasText: 'sleep-diary.pdf' }).getByRole('button', { name: 'Open' }).click();
      const view = page.getByRole('dialog', { name: 'Sleep diary' });
      await expect(view.getByRole('link', { name: /Download file/ })).toBeVisible();
    });

    // Three clients from a CSV (semicolons, a BOM, a quoted field), checked first, then imported.
    const stamp = Date.now();
    const csv = [
      '\uFEFFVorname;Nachname;E-Mail;Notiz',
      `Kemi;Adebayo;kemi.${stamp}@example.com;"Referred by GP; prefers evenings"`,
      `Jonas;Weber;jonas.${stamp}@example.com;`,
      `Lena;Fischer;lena.${stamp}@example.com;`,
      'Broken;Row;not-an-email;',
      `Kemi;Again;KEMI.${stamp}@example.com;`,
    ].join('\r\n');
    await visit('/clients/imported/');
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const report = page.getByTestId('csv-report');
    await expect(page.getByText('5 rows: 3 ready, 1 invalid, 1 duplicates')).toBeVisible();
    await expect(report.getByRole('row').filter({ hasText: 'not-an-email' })).toContainText(
      'Email: Enter a valid email address',
    );
    await expect(report.getByRole('row').filter({ hasText: 'Same email as line 2' })).toContainText('Duplicate');
    await page.getByLabel('Send each new client an invitation email').check();
    await page.getByRole('button', { name: 'Import 3 clients' }).click();
    await expect(page.getByText('3 clients imported.')).toBeVisible();
    await expect.poll(async () => (await outbox(request, `jonas.${stamp}@example.com`)).length).toBe(1);

    // The list has them; one client's page shows what the provider entered.
    await visit('/clients/');
    await page.getByLabel('Search clients').fill(`jonas.${stamp}`);
    await page.getByRole('link', { name: /Jonas Weber/ }).click();
    await page.waitForURL(/\/client\/[0-9a-f-]+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jonas Weber');
    await expect(page.getByText('Not connected yet', { exact: true })).toBeVisible();
    await expect(
      page.getByText('You can book sessions and message this client once they have an account.'),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Ada's page: her sessions, the two session notes, a client note and the filters.
    await visit('/clients/');
    await page.getByRole('link', { name: new RegExp(CLIENT_NAME) }).click();
    await page.waitForURL(/\/client\/[0-9a-f-]+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CLIENT_NAME);
    await expect(page.getByTestId('message-button')).toBeVisible();
    await expect(page.getByTestId('note-item')).toHaveCount(2);
    await page.getByTestId('add-note').click();
    const clientNote = page.getByRole('dialog', { name: 'Add a note' });
    await clientNote.getByRole('button', { name: /Type a note/ }).click();
    await clientNote.getByLabel('Title').fill('Background');
    await clientNote.getByLabel('Note', { exact: true }).fill('Works night shifts.');
    await clientNote.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Client note added successfully')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 5_000 });
    await expect(page.getByTestId('note-item')).toHaveCount(3);
    await page.getByLabel('Kind').selectOption('client');
    await expect(page.getByTestId('note-item')).toHaveCount(1);
    await page.getByLabel('Title contains').fill('sleep');
    await expect(page.getByText('No notes match these filters.')).toBeVisible();
  });
});

async function expectAccessibleDialog(page: import('@playwright/test').Page, open: () => Promise<void>) {
  await open();
  const { expectAccessible } = await import('./fixtures');
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
