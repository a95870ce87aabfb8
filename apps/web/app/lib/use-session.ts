import { useSyncExternalStore } from 'react';
import { getSession, onSessionChange, type SessionState } from '#app/api/session';

/** The browser's session state, re-rendering on sign-in, refresh and sign-out. */
export function useSession(): SessionState | null {
  return useSyncExternalStore(
    (onChange) => onSessionChange(() => onChange()),
    getSession,
    () => null,
  );
}
