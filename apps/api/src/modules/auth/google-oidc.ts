import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/app-error.ts';

/** What a Google sign-in tells us about the person, from the checked ID token. */
export interface GoogleProfile {
  /** Google's stable account id (`sub`): the only thing that identifies the person. */
  subject: string;
  email: string | null;
  /** Google vouches that the person controls `email`. */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

/** What a started sign-in must keep for its callback. */
export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The OpenID Connect client for Google (openid-client): discovery, the authorization URL, the code exchange. */
export interface GoogleOidc {
  readonly redirectUri: string;
  /** A fresh state, nonce and PKCE verifier, and the URL that sends the browser to Google with them. */
  authorizationRequest(): Promise<AuthorizationRequest>;
  /**
   * Checks the authorization response that came to the callback (`query`, its raw query string)
   * against what the start kept, exchanges the code (with the PKCE verifier) and checks the ID
   * token (signature, issuer, audience, expiry, nonce).
   */
  exchange(input: { query: string; state: string; nonce: string; codeVerifier: string }): Promise<GoogleProfile>;
}

/** The part of the logger the client needs. */
export interface OidcLog {
  warn(object: unknown, message?: string): void;
}

export const GOOGLE_SCOPE = 'openid email profile';
const TIMEOUT_SECONDS = 5;

/** On when both the client id and the secret are configured. */
export function googleSignInEnabled(config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** The callback registered at Google: `PUBLIC_URL/api/auth/google/callback`. */
export function googleRedirectUri(config: Pick<Config, 'PUBLIC_URL'>): string {
  const base = (config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  return `${base}/api/auth/google/callback`;
}

/** Google's `email_verified` is a boolean; some older tokens carried the string "true". */
function verifiedFlag(value: unknown): boolean {
  return value === true || value === 'true';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Why an exchange failed, in our codes: the person said no, the provider is down, or the response is not to be trusted. */
function exchangeError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    return new AppError(error.error === 'access_denied' ? 'GOOGLE_SIGN_IN_CANCELLED' : 'GOOGLE_SIGN_IN_FAILED');
  }
  // A refused code (used, expired, PKCE mismatch), or a state, issuer, nonce or token check that failed.
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.ClientError) {
    return new AppError('GOOGLE_SIGN_IN_FAILED');
  }
  // Network failures and timeouts reaching the token endpoint.
  return new AppError('GOOGLE_UNAVAILABLE');
}

/**
 * The client for this configuration, or null when Google sign-in is not configured. Discovery
 * happens on first use and is kept; a failed discovery is retried on the next sign-in.
 */
export function createGoogleOidc(
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER' | 'PUBLIC_URL'>,
  log?: OidcLog,
): GoogleOidc | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = config;
  if (!clientId || !clientSecret) return null;
  const issuer = new URL(config.GOOGLE_ISSUER);
  const redirectUri = googleRedirectUri(config);
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(issuer, clientId as string, undefined, oidc.ClientSecretPost(clientSecret as string), {
        timeout: TIMEOUT_SECONDS,
        // Plain http only reaches a provider on this machine (config.ts isSecureIssuer).
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = null;
        log?.warn({ err: error, issuer: issuer.origin }, 'OpenID discovery failed');
        throw new AppError('GOOGLE_UNAVAILABLE');
      });
    return discovered;
  }

  return {
    redirectUri,

    async authorizationRequest() {
      const server = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        scope: GOOGLE_SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    async exchange(input) {
      const server = await configuration();
      // The URL the provider sent the browser to: our registered callback and its query.
      const currentUrl = new URL(redirectUri);
      currentUrl.search = input.query;
      try {
        const tokens = await oidc.authorizationCodeGrant(server, currentUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state,
          expectedNonce: input.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new AppError('GOOGLE_SIGN_IN_FAILED');
        let details: Record<string, unknown> = claims;
        // Google puts email and profile in the ID token; a provider that keeps them for userinfo is asked there.
        if (claims.email === undefined && tokens.access_token) {
          details = { ...(await oidc.fetchUserInfo(server, tokens.access_token, claims.sub)), ...claims };
        }
        return {
          subject: claims.sub,
          email: text(details.email)?.toLowerCase() ?? null,
          emailVerified: verifiedFlag(details.email_verified),
          givenName: text(details.given_name),
          familyName: text(details.family_name),
        };
      } catch (error) {
        const answer = exchangeError(error);
        // Why, for the operator: the library's error code and the provider's error word, never tokens.
        const reason = error as { code?: unknown; error?: unknown };
        log?.warn({ code: answer.code, reason: reason.code, error: reason.error }, 'Google sign-in refused');
        throw answer;
      }
    },
  };
}
