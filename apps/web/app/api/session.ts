import { COOKIES } from '@app/shared/constants';
import { cookieString } from '@app/shared/cookies';

export type Role = 'client' | 'provider' | 'admin';

/** What the browser keeps about the signed-in user. The server never trusts any of it. */
export interface SessionState {
  accessToken: string;
  /** Epoch ms when the access token expires (server seconds × 1000, SPEC.md §9). */
  accessTokenExpiresAt: number;
  refreshTokenExpiresAt: number;
  role: Role;
  userId: string;
  accountActive: boolean;
}

const STORAGE_KEY = 'session';
type Listener = (session: SessionState | null) => void;

let current: SessionState | null = null;
const listeners = new Set<Listener>();

/**
 * The access token lives in memory and sessionStorage (this tab); the refresh token only in an
 * httpOnly cookie the server sets, so page scripts can never read it (docs/decisions.md).
 */
export function getSession(): SessionState | null {
  if (current || typeof window === 'undefined') return current;
  const stored = window.sessionStorage.getItem(STORAGE_KEY);
  if (stored) {
    try {
      current = JSON.parse(stored) as SessionState;
    } catch {
      current = null;
    }
  }
  return current;
}

export function setSession(next: SessionState | null): void {
  current = next;
  if (typeof window !== 'undefined') {
    if (next) {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      window.localStorage.setItem('userType', next.role);
      document.cookie = cookieString(COOKIES.userType, next.role);
    } else {
      window.sessionStorage.removeItem(STORAGE_KEY);
      window.localStorage.removeItem('userType');
      document.cookie = cookieString(COOKIES.userType, '', 0);
    }
  }
  for (const listener of listeners) listener(next);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The answer of login and refresh (DESIGN.md §3), turned into browser session state. */
export interface TokenAnswer {
  token: string;
  expiresIn: number;
  refreshTokenExp: number;
  user?: { identifier: string; role: Role; isActive?: boolean };
}

export function sessionFromTokens(answer: TokenAnswer, now: number, previous?: SessionState | null): SessionState {
  const claims = decodeClaims(answer.token);
  return {
    accessToken: answer.token,
    accessTokenExpiresAt: now + answer.expiresIn * 1000,
    refreshTokenExpiresAt: now + answer.refreshTokenExp * 1000,
    role: answer.user?.role ?? claims.role ?? previous?.role ?? 'client',
    userId: answer.user?.identifier ?? claims.sub ?? previous?.userId ?? '',
    accountActive: answer.user?.isActive ?? previous?.accountActive ?? true,
  };
}

function decodeClaims(token: string): { sub?: string; role?: Role } {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return {};
  }
}
