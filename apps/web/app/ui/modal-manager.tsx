import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/**
 * Every dialog's name and the props it opens with. The shell's own dialogs are here; each feature
 * adds its dialogs in its modals.ts by declaration merging, so the names stay next to their
 * feature and `open('booking-cancel', { booking })` is checked against the props it needs:
 *
 *   declare module '#app/ui/modal-manager' {
 *     interface ModalRegistry { 'wallet-top-up': undefined }
 *   }
 */
export interface ModalRegistry {
  consent: undefined;
  location: undefined;
}

export type ModalName = keyof ModalRegistry;

/** The props argument of open(): omitted for a dialog without props, optional when they may be absent. */
type PropsArgs<N extends ModalName> = undefined extends ModalRegistry[N]
  ? [props?: ModalRegistry[N]]
  : [props: ModalRegistry[N]];

interface ModalState {
  name: ModalName;
  props: unknown;
}

interface ModalApi {
  current: ModalState | null;
  /** Opens a dialog by name; any other open dialog closes (only one at a time, SPEC.md §2). */
  open<N extends ModalName>(name: N, ...props: PropsArgs<N>): void;
  closeAll(): void;
  isOpen(name: ModalName): boolean;
  /** The props the open dialog was opened with, when `name` is the one open. */
  propsOf<N extends ModalName>(name: N): ModalRegistry[N] | undefined;
}

const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalState | null>(null);
  const open = useCallback(
    <N extends ModalName>(name: N, ...props: PropsArgs<N>) => setCurrent({ name, props: props[0] }),
    [],
  );
  const closeAll = useCallback(() => setCurrent(null), []);
  const api = useMemo<ModalApi>(
    () => ({
      current,
      open,
      closeAll,
      isOpen: (name) => current?.name === name,
      propsOf: <N extends ModalName>(name: N) =>
        current?.name === name ? (current.props as ModalRegistry[N]) : undefined,
    }),
    [current, open, closeAll],
  );
  return <ModalContext.Provider value={api}>{children}</ModalContext.Provider>;
}

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModals outside ModalProvider');
  return api;
}

/** Props for a Dialog bound to the manager: `<Dialog {...useModalBinding('location')} …>`. */
export function useModalBinding(name: ModalName): { open: boolean; onOpenChange(open: boolean): void } {
  const modals = useModals();
  return {
    open: modals.isOpen(name),
    // Opening from the dialog's own trigger carries no props; a dialog that needs them is opened by open().
    onOpenChange: (next) => (next ? (modals.open as (name: ModalName) => void)(name) : modals.closeAll()),
  };
}
