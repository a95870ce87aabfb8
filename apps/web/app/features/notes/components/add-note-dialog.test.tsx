import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModals } from '#app/ui/modal-manager';
import { mockApi, renderWithProviders } from '#test/render';
import { type AddNoteProps, NOTE_MODALS } from '../lib/modals';
import { AddNoteDialog } from './add-note-dialog';

const CLIENT = '7b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const BOOKING = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function Open({ props }: { props: AddNoteProps }) {
  const modals = useModals();
  useEffect(() => modals.open(NOTE_MODALS.add, props), [modals.open, props]);
  return null;
}

function renderDialog(props: AddNoteProps) {
  renderWithProviders(
    <>
      <Open props={props} />
      <AddNoteDialog />
    </>,
  );
  return screen.findByRole('dialog', { name: 'Add a note' });
}

afterEach(() => vi.unstubAllGlobals());

describe('AddNoteDialog', () => {
  it("shows SPEC's messages from the shared schema, 'Client ID is missing' without a client, and sends nothing", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    const dialog = await renderDialog({ clientId: null, sessions: [] });
    await user.click(within(dialog).getByRole('button', { name: /Type a note/ }));
    await user.type(within(dialog).getByLabelText('Title'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(within(dialog).getByText('Title must be at least 3 characters')).toBeVisible();
    expect(within(dialog).getByText('Write the note')).toBeVisible();
    expect(within(dialog).getByText('Client ID is missing')).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('writes a session note, says so, and closes itself after 2 seconds', async () => {
    const { calls } = mockApi({ 'POST /api/note': [201, { identifier: 'x' }] });
    const user = userEvent.setup();
    const dialog = await renderDialog({
      clientId: CLIENT,
      sessions: [{ identifier: BOOKING, startAt: '2027-03-01T10:00:00Z' }],
      bookingId: BOOKING,
    });
    await user.click(within(dialog).getByRole('button', { name: /Type a note/ }));
    expect(within(dialog).queryByText('Kind of note')).toBeNull();
    await user.type(within(dialog).getByLabelText('Title'), 'First session');
    await user.type(within(dialog).getByLabelText('Note'), 'Agreed on a sleep diary.');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Session note added successfully')).toBeVisible();
    const sent = calls[0]?.body as FormData;
    expect([sent.get('type'), sent.get('reference'), sent.get('title'), sent.get('content')]).toEqual([
      'booking',
      BOOKING,
      'First session',
      'Agreed on a sleep diary.',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  });

  it('uploads a file note with the file and no content required', async () => {
    const { calls } = mockApi({ 'POST /api/note': [201, { identifier: 'x' }] });
    const user = userEvent.setup();
    const dialog = await renderDialog({ clientId: CLIENT, sessions: [] });
    await user.click(within(dialog).getByRole('button', { name: /Upload a file/ }));
    await user.type(within(dialog).getByLabelText('Title'), 'Scan');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(within(dialog).getByText('Choose a file')).toBeVisible();
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Client note added successfully')).toBeVisible();
    const sent = calls[0]?.body as FormData;
    expect(sent.get('type')).toBe('client');
    expect(sent.get('reference')).toBe(CLIENT);
    expect((sent.get('file') as File).name).toBe('scan.pdf');
  });
});
