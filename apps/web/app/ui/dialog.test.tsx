import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '#test/render';
import { Dialog } from './dialog';
import { useModalBinding, useModals } from './modal-manager';
import { PendingPayment } from './pending-payment';

/** A page that opens a dialog through the modal manager from a button with no Radix trigger. */
function Page({ mountOnlyWhenOpen = false }: { mountOnlyWhenOpen?: boolean }) {
  const modals = useModals();
  const binding = useModalBinding('location');
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => modals.open('location')}>
        Change country
      </button>
      {mountOnlyWhenOpen && !binding.open ? null : (
        <Dialog {...binding} title="Country and language">
          <button type="button" onClick={() => modals.closeAll()}>
            Done
          </button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('returns focus to the button that opened it when closed by its × button', async () => {
    renderWithProviders(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Change country' }));
    const dialog = await screen.findByRole('dialog', { name: 'Country and language' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change country' }));
  });

  it('returns focus to the opener after Escape, and after a dialog that unmounts on close', async () => {
    renderWithProviders(<Page mountOnlyWhenOpen />);
    const opener = screen.getByRole('button', { name: 'Change country' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Country and language' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

describe('PendingPayment', () => {
  it('gives focus back to the button that started the payment when it goes away', async () => {
    function Pay() {
      const modals = useModals();
      const { open } = useModalBinding('consent');
      return (
        <>
          <button type="button" onClick={() => modals.open('consent')}>
            Pay now
          </button>
          {open ? <PendingPayment kind="paid" onRefresh={() => modals.closeAll()} /> : null}
          <button type="button" onClick={() => modals.closeAll()}>
            Settled
          </button>
        </>
      );
    }
    renderWithProviders(<Pay />);
    const pay = screen.getByRole('button', { name: 'Pay now' });
    await userEvent.click(pay);
    await screen.findByTestId('pending-payment');
    await waitFor(() => expect(document.activeElement).not.toBe(pay));
    // The overlay is modal: the page behind it is out of reach, so it is closed from outside.
    fireEvent.click(screen.getByRole('button', { name: 'Settled', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('pending-payment')).toBeNull());
    expect(document.activeElement).toBe(pay);
  });
});
