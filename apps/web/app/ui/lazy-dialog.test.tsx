import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';
import { ModalProvider, useModalBinding, useModals } from './modal-manager';

/** A stand-in dialog with state of its own (what a user typed or chose). */
function CountingDialog({ label }: { label: string }) {
  const { open } = useModalBinding('location');
  const [count, setCount] = useState(0);
  if (!open) return <p>closed, kept {count}</p>;
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

function Page({ Dialog }: { Dialog: (props: { label: string }) => React.ReactNode }) {
  const modals = useModals();
  return (
    <>
      <button type="button" onClick={() => modals.open('location')}>
        open
      </button>
      <button type="button" onClick={() => modals.closeAll()}>
        close
      </button>
      <Dialog label="clicks" />
    </>
  );
}

describe('lazyDialog', () => {
  it('loads nothing until the dialog first opens, then keeps it mounted with its state', async () => {
    const load = vi.fn(async () => CountingDialog);
    const LazyCounting = lazyDialog('location', load);
    render(
      <ModalProvider>
        <Page Dialog={LazyCounting} />
      </ModalProvider>,
    );
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/closed/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'clicks 0' }));
    expect(screen.getByRole('button', { name: 'clicks 1' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.getByText('closed, kept 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('button', { name: 'clicks 1' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
