import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  type LocalOidcProvider,
  type ProviderAccount,
  signInAtProvider,
  startLocalOidcProvider,
} from '../../../test/local-oidc-provider.mjs';
import type { Config } from '../../config.ts';
import { GENEROUS_LIMITS } from './auth-test-helpers.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const CALLBACK_URL = `${TEST_PUBLIC_URL}/api/auth/google/callback`;

/** The local OpenID provider every Google test signs in at, with our callback registered. */
export function startTestProvider(): Promise<LocalOidcProvider> {
  return startLocalOidcProvider({ redirectUris: [CALLBACK_URL] });
}

/** App config that turns Google sign-in on against `provider`, limits out of the way. */
export function googleConfig(provider: LocalOidcProvider, overrides: Partial<Config> = {}): Partial<Config> {
  const generous = { max: 10_000, windowSeconds: 3600 };
  return {
    PUBLIC_URL: TEST_PUBLIC_URL,
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
    rateLimits: {
      ...GENEROUS_LIMITS.rateLimits,
      googleStartPerIp: generous,
      googleCallbackPerIp: generous,
      googleLinkPerIp: generous,
    },
    ...overrides,
  };
}

/** The value a response sets for cookie `name` (undefined when it sets none), and the whole line. */
export function setCookie(response: LightMyRequestResponse, name: string): { value: string; line: string } | undefined {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) return undefined;
  return { value: decodeURIComponent(line.slice(name.length + 1).split(';')[0] ?? ''), line };
}

/** GET /api/auth/google: the provider URL it redirects to and the state cookie it sets. */
export async function startGoogle(t: TestApp, query = '', headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: `/api/auth/google${query}`, headers });
  if (response.statusCode !== 302) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  const state = setCookie(response, 'g_state');
  if (!state) throw new Error('start set no state cookie');
  return { location: new URL(String(response.headers.location)), stateCookie: state.value, response };
}

/** The callback as the browser sends it: the URL the provider redirected to, with the browser's cookies. */
export function callback(t: TestApp, providerRedirect: URL, cookies: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `${providerRedirect.pathname}${providerRedirect.search}`,
    cookies,
  });
}

/** Where a callback sent the browser: the landing page's path and query. */
export function landing(response: LightMyRequestResponse): URL {
  return new URL(String(response.headers.location), TEST_PUBLIC_URL);
}

/** A whole sign-in: start, sign in at the provider as `account`, come back to the callback. */
export async function googleSignIn(t: TestApp, account: ProviderAccount, query = '') {
  const started = await startGoogle(t, query);
  const providerRedirect = await signInAtProvider(started.location, account);
  const response = await callback(t, providerRedirect, { g_state: started.stateCookie });
  return { response, landing: landing(response), started, providerRedirect };
}

export { type LocalOidcProvider, signInAtProvider };
