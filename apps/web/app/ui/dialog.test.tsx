import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';
import { ModalProvider, useModalBinding, useModals } from './modal-manager';

function LocationDialog() {
  return (
    <Dialog {...useModalBinding('location')} title="Country and language">
      <p>choose</p>
    </Dialog>
  );
}

function ConsentDialog() {
  const modals = useModals();
  return (
    <Dialog {...useModalBinding('consent')} title="Cookies">
      <button type="button" onClick={() => modals.open('location')}>
        next dialog
      </button>
    </Dialog>
  );
}

/** The opener sits in a menu that closes when an item is chosen (the header's account menu). */
function Page() {
  const modals = useModals();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => modals.open('location')}>
        Country
      </button>
      <button type="button" onClick={() => setMenuOpen(true)}>
        Menu
      </button>
      {menuOpen ? (
        <button
          type="button"
          onClick={() => {
            setMenuOpen(false);
            modals.open('consent');
          }}
        >
          Cookie settings
        </button>
      ) : null}
      <button type="button" onClick={() => modals.open('consent')}>
        Cookies
      </button>
      <LocationDialog />
      <ConsentDialog />
    </>
  );
}

const renderPage = () =>
  render(
    <ModalProvider>
      <Page />
    </ModalProvider>,
  );

describe('Dialog focus', () => {
  it('returns focus to the control that opened it, on Escape and on the close button', async () => {
    renderPage();
    const opener = screen.getByRole('button', { name: 'Country' });
    await userEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Country and language' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'dialog.close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('returns focus to the first opener when one dialog leads to another', async () => {
    renderPage();
    const opener = screen.getByRole('button', { name: 'Cookies' });
    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'next dialog' }));
    expect(await screen.findByRole('dialog', { name: 'Country and language' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('leaves focus to the dialog when the opener is gone from the page', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(await screen.findByRole('dialog', { name: 'Cookies' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Cookie settings' })).not.toBeInTheDocument();
  });
});
