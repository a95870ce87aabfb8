import { redirect } from 'react-router';
import { configureApiClient, refreshSession } from '#app/api/client';
import { clearViewMode, getSession, getViewMode, type Role, type SessionState, setSession } from '#app/api/session';
import { languageOfPath } from '#app/lib/i18n';
import { paths } from '#app/lib/paths';

/** The login path that brings the user back to `returnTo` (same-origin paths only). */
export function loginPath(language: 'en' | 'de', returnTo: string): string {
  return paths.login(language, returnTo);
}

/**
 * For clientLoaders of the signed-in area: a live session (renewed from the refresh cookie
 * when needed), else a redirect to login that remembers where the user was going.
 */
export async function requireSession(request: Request, roles?: Role[]): Promise<SessionState> {
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  configureApiClient({
    language,
    onSignedOut: () => window.location.assign(loginPath(language, window.location.pathname + window.location.search)),
  });
  // A view-mode token is never refreshed: once it is about to expire, the admin is back in their own session.
  const viewing = getViewMode();
  if (viewing && viewing.expiresAt <= Date.now() + 5_000) clearViewMode('expired');
  let session = getSession();
  if (!session || session.accessTokenExpiresAt <= Date.now() + 5_000) session = await refreshSession();
  if (!session) {
    // A stale session that cannot be renewed is forgotten, so the header no longer shows it signed in.
    if (getSession()) setSession(null);
    throw redirect(loginPath(language, url.pathname + url.search));
  }
  if (roles && !roles.includes(session.role)) throw redirect(paths.overview(language));
  return session;
}

/** Only a same-origin absolute path may be a post-login destination (no open redirects). */
export function safeRedirect(target: string | null, fallback: string): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
