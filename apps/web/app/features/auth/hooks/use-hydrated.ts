import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/** False in the server render and during hydration, true afterwards (forms submit only once live). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
