import { createContext, useContext, useEffect } from 'react';

/** What the signed-in frame gives its pages to say they have rendered (`useSignalPageShown`). */
export const PageShown = createContext<((shown: true) => void) | null>(null);

/**
 * A page of the signed-in area calls this once it renders (not its loading fallback): by its
 * effect, the page's own queries have started (children's effects run first), so the frame can
 * load what it shows late after that data (docs/decisions/web-signed-in-time-to-content.md).
 */
export function useSignalPageShown(): void {
  const signal = useContext(PageShown);
  useEffect(() => signal?.(true), [signal]);
}
