import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus goes back to what opened a dialog when it closes. Radix returns it to the dialog's own
 * trigger, but ours open through the modal manager (or a page's state) from any button, so there
 * is none and focus fell to the page: a keyboard or screen-reader user had to find their place
 * again. The element focused when the dialog opens is remembered before the dialog moves focus
 * into itself (a layout effect runs before Radix's focus scope mounts); the returned handler is
 * the dialog content's `onCloseAutoFocus`. When the opener has gone (it lived in a closed menu or
 * dialog), Radix's own behaviour stands.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
  }, []);
}
