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
 * httpOnly cookie the server sets, so page scripts can never read it (docs/decisions/foundation-where-the-web-keeps-its-tokens.md).
 * In view mode (an admin seeing the app as someone) this is the viewed user's read-only session;
 * the admin's own stays stored and comes back when view mode ends.
 */
export function getSession(): SessionState | null {
  const viewing = getViewMode();
  if (viewing) return viewSessionOf(viewing);
  return getOwnSession();
}

/** The signed-in person's own session, whether or not they are in view mode. */
export function getOwnSession(): SessionState | null {
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

/** Sets the own session; signing out (null) also leaves view mode. */
export function setSession(next: SessionState | null): void {
  current = next;
  if (!next && getViewMode()) clearViewMode('signedOut');
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
  for (const listener of listeners) listener(getSession());
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

// -- View mode (back office) ------------------------------------------------------------------

/** An admin seeing the app as one user through a read-only token (POST /admin/view-mode). */
export interface ViewModeState {
  /** The view session: DELETE /admin/view-mode/{identifier} ends it. */
  identifier: string;
  token: string;
  /** Epoch ms; the token is never refreshed. */
  expiresAt: number;
  user: { identifier: string; role: Role; email: string; firstName: string | null; lastName: string | null };
}

/** Why view mode ended: the admin left it, the token expired, or the admin signed out. */
export type ViewModeEnd = 'ended' | 'expired' | 'signedOut';

const VIEW_MODE_KEY = 'viewMode';
let viewMode: ViewModeState | null | undefined;
let viewSession: { of: ViewModeState; session: SessionState } | null = null;
const viewModeListeners = new Set<(ended: ViewModeEnd) => void>();

/** The view mode of this tab (sessionStorage), or null. */
export function getViewMode(): ViewModeState | null {
  if (viewMode !== undefined || typeof window === 'undefined') return viewMode ?? null;
  try {
    const stored = window.sessionStorage.getItem(VIEW_MODE_KEY);
    viewMode = stored ? (JSON.parse(stored) as ViewModeState) : null;
  } catch {
    viewMode = null;
  }
  return viewMode;
}

/** The session the app runs on in view mode: the viewed user's id and role, the read-only token. */
function viewSessionOf(state: ViewModeState): SessionState {
  if (viewSession?.of !== state) {
    viewSession = {
      of: state,
      session: {
        accessToken: state.token,
        accessTokenExpiresAt: state.expiresAt,
        refreshTokenExpiresAt: state.expiresAt,
        role: state.user.role,
        userId: state.user.identifier,
        accountActive: true,
      },
    };
  }
  return viewSession.session;
}

/** Enters view mode in this tab: every request then carries the view token and X-View-Mode. */
export function enterViewMode(state: ViewModeState): void {
  viewMode = state;
  if (typeof window !== 'undefined') window.sessionStorage.setItem(VIEW_MODE_KEY, JSON.stringify(state));
  for (const listener of listeners) listener(getSession());
}

/** Leaves view mode in this tab (the admin's own session is current again). */
export function clearViewMode(reason: ViewModeEnd): void {
  if (!getViewMode()) return;
  viewMode = null;
  if (typeof window !== 'undefined') window.sessionStorage.removeItem(VIEW_MODE_KEY);
  for (const listener of listeners) listener(getSession());
  for (const listener of viewModeListeners) listener(reason);
}

/** Called when view mode ends (left by the admin, or expired). */
export function onViewModeEnd(listener: (ended: ViewModeEnd) => void): () => void {
  viewModeListeners.add(listener);
  return () => viewModeListeners.delete(listener);
}
