import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

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
  /**
   * Focuses what had focus when the first of the dialogs opened (a chain of dialogs returns to the
   * first opener); false when it is gone from the page, so the dialog's own default applies.
   */
  returnFocus(): boolean;
}

const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalState | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const anyOpen = useRef(false);
  const open = useCallback(<N extends ModalName>(name: N, ...props: PropsArgs<N>) => {
    if (!anyOpen.current && typeof document !== 'undefined') {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    anyOpen.current = true;
    setCurrent({ name, props: props[0] });
  }, []);
  const closeAll = useCallback(() => {
    anyOpen.current = false;
    setCurrent(null);
  }, []);
  const returnFocus = useCallback(() => {
    // A dialog closing because the next one opens leaves the opener for the last one.
    if (anyOpen.current) return false;
    const element = opener.current;
    opener.current = null;
    if (!element?.isConnected) return false;
    element.focus();
    return true;
  }, []);
  const api = useMemo<ModalApi>(
    () => ({
      current,
      open,
      closeAll,
      isOpen: (name) => current?.name === name,
      propsOf: <N extends ModalName>(name: N) =>
        current?.name === name ? (current.props as ModalRegistry[N]) : undefined,
      returnFocus,
    }),
    [current, open, closeAll, returnFocus],
  );
  return <ModalContext.Provider value={api}>{children}</ModalContext.Provider>;
}

/** The manager when there is one (a Dialog may also be used on its own). */
export function useOptionalModals(): ModalApi | null {
  return useContext(ModalContext);
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
