import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

interface ModalState {
  name: string;
  props: Record<string, unknown>;
}

interface ModalApi {
  current: ModalState | null;
  /** Opens a dialog by name; any other open dialog closes (only one at a time, SPEC.md §2). */
  open(name: string, props?: Record<string, unknown>): void;
  closeAll(): void;
  isOpen(name: string): boolean;
}

const ModalContext = createContext<ModalApi | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalState | null>(null);
  const open = useCallback((name: string, props: Record<string, unknown> = {}) => setCurrent({ name, props }), []);
  const closeAll = useCallback(() => setCurrent(null), []);
  const api = useMemo<ModalApi>(
    () => ({ current, open, closeAll, isOpen: (name) => current?.name === name }),
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
export function useModalBinding(name: string): { open: boolean; onOpenChange(open: boolean): void } {
  const modals = useModals();
  return {
    open: modals.isOpen(name),
    onOpenChange: (next) => (next ? modals.open(name) : modals.closeAll()),
  };
}
