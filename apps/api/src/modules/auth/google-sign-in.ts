import { type Language, languageOf } from '@app/shared/constants';
import type { TokenPair } from '@app/shared/schemas/auth';
import { NAME_MAX } from '@app/shared/schemas/auth';
import { type GoogleErrorCode, isSafeReturnPath } from '@app/shared/schemas/auth-google';
import { isValidTimeZone } from '@app/shared/time-zones';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  authIdentities,
  authIdentityLinks,
  authOidcFlows,
  countries,
  termsAcceptances,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { GoogleOidc, GoogleProfile } from './google-oidc.ts';
import { randomToken, sha256 } from './secrets.ts';
import { findUserByEmail, openSession } from './sessions.ts';
import { countryMainZone, DEFAULT_TIMEZONE } from './timezones.ts';

export type GoogleDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer'> & { google: GoogleOidc };

export const GOOGLE_PROVIDER = 'google';
/** A started sign-in must come back within this (Google's own pages take a person a minute or two). */
export const GOOGLE_FLOW_TTL_SECONDS = 10 * 60;
/** How long a Google account waits for the person to prove the existing account is theirs. */
export const GOOGLE_LINK_TTL_SECONDS = 30 * 60;

/** The log of a request, for why a sign-in was refused (ids and codes only). */
export interface SignInLog {
  info(object: unknown, message?: string): void;
}

/**
 * GET /auth/google: keeps a state, nonce and PKCE verifier for the callback (10 minutes) and
 * answers the URL that sends the browser to Google; the state also goes into a cookie, which
 * binds the sign-in to this browser. Where the user was, the language, country and browser zone
 * come along for the landing page and for a new account.
 */
export async function startGoogleSignIn(
  deps: GoogleDeps,
  input: {
    language: Language;
    returnTo?: string;
    timezone?: string;
    countryCode: string | null;
  },
): Promise<{ url: string; state: string }> {
  const now = deps.clock.now();
  const request = await deps.google.authorizationRequest();
  await deps.db.delete(authOidcFlows).where(lt(authOidcFlows.expiresAt, now));
  await deps.db.insert(authOidcFlows).values({
    provider: GOOGLE_PROVIDER,
    stateHash: sha256(request.state),
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    language: input.language,
    returnTo: isSafeReturnPath(input.returnTo) ? input.returnTo : null,
    countryCode: input.countryCode,
    timezone: input.timezone && isValidTimeZone(input.timezone) ? input.timezone : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + GOOGLE_FLOW_TTL_SECONDS * 1000),
  });
  return { url: request.url.href, state: request.state };
}

/** Where the callback sends the browser, and what it sets on the way. */
export type GoogleCallbackOutcome = { language: Language; returnTo: string | null } & (
  | { kind: 'signedIn'; userId: string; created: boolean; pair: TokenPair }
  | { kind: 'linkPending'; browserToken: string }
  | { kind: 'failed'; code: GoogleErrorCode }
);

type FlowRow = typeof authOidcFlows.$inferSelect;

/** Takes the browser's started sign-in once: a second callback with the same state finds nothing. */
async function consumeFlow(deps: GoogleDeps, state: string, now: Date): Promise<FlowRow | null> {
  const [flow] = await deps.db
    .update(authOidcFlows)
    .set({ usedAt: now })
    .where(
      and(
        eq(authOidcFlows.stateHash, sha256(state)),
        eq(authOidcFlows.provider, GOOGLE_PROVIDER),
        isNull(authOidcFlows.usedAt),
        gt(authOidcFlows.expiresAt, now),
      ),
    )
    .returning();
  return flow ?? null;
}

/** The account a Google subject is linked to (live accounts only). */
async function linkedAccount(db: Tx, subject: string) {
  const [row] = await db
    .select({ userId: users.id, role: users.role, suspendedAt: users.suspendedAt, identityId: authIdentities.id })
    .from(authIdentities)
    .innerJoin(users, eq(users.id, authIdentities.userId))
    .where(
      and(eq(authIdentities.provider, GOOGLE_PROVIDER), eq(authIdentities.subject, subject), isNull(users.deletedAt)),
    );
  return row ?? null;
}

function personName(value: string | null): string | null {
  return value ? value.slice(0, NAME_MAX) : null;
}

/** A new client account from a Google-verified address: no password (isSocial), verified at once. */
async function createSocialClient(
  tx: Tx,
  input: { profile: GoogleProfile & { email: string }; flow: FlowRow; now: Date },
): Promise<string> {
  const { profile, flow, now } = input;
  const [country] = flow.countryCode
    ? await tx.select().from(countries).where(eq(countries.code, flow.countryCode))
    : [];
  const [user] = await tx
    .insert(users)
    .values({
      email: profile.email,
      passwordHash: null,
      role: 'client',
      firstName: personName(profile.givenName),
      lastName: personName(profile.familyName),
      countryId: country?.id ?? null,
      timezone: flow.timezone ?? countryMainZone(country) ?? DEFAULT_TIMEZONE,
      language: flow.language,
      isSocial: true,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert failed');
  // The Google button says that continuing accepts the terms (the sign-up form's checkbox).
  await tx.insert(termsAcceptances).values({ userId: user.id, acceptedAt: now });
  await tx.insert(authIdentities).values({
    userId: user.id,
    provider: GOOGLE_PROVIDER,
    subject: profile.subject,
    email: profile.email,
    createdAt: now,
    lastSignInAt: now,
  });
  return user.id;
}

type Resolution =
  | { kind: 'signedIn'; userId: string; created: boolean; pair: TokenPair }
  | { kind: 'linkPending'; browserToken: string }
  | { kind: 'failed'; code: GoogleErrorCode };

/**
 * Who the Google account is here: the account linked to its subject; else, for a Google-verified
 * address, a new client account, or (an account with that address exists) a link waiting for
 * proof. An unverified Google address neither creates nor links anything.
 */
async function resolveAccount(
  deps: GoogleDeps,
  input: { profile: GoogleProfile; flow: FlowRow; userAgent?: string; now: Date },
): Promise<Resolution> {
  const { profile, flow, now } = input;
  const linked = await linkedAccount(deps.db, profile.subject);
  if (linked) {
    // A suspended account opens no session, whichever way it signs in (the back office ended them).
    if (linked.suspendedAt) return { kind: 'failed', code: 'ACCOUNT_SUSPENDED' };
    const pair = await deps.db.transaction(async (tx) => {
      await tx.update(authIdentities).set({ lastSignInAt: now }).where(eq(authIdentities.id, linked.identityId));
      return openSession(deps, tx, { userId: linked.userId, role: linked.role, userAgent: input.userAgent, now });
    });
    return { kind: 'signedIn', userId: linked.userId, created: false, pair };
  }

  if (!profile.email) return { kind: 'failed', code: 'GOOGLE_SIGN_IN_FAILED' };
  if (!profile.emailVerified) return { kind: 'failed', code: 'GOOGLE_EMAIL_UNVERIFIED' };
  const email = profile.email;

  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    if (existing.suspendedAt) return { kind: 'failed', code: 'ACCOUNT_SUSPENDED' };
    const [other] = await deps.db
      .select({ subject: authIdentities.subject })
      .from(authIdentities)
      .where(and(eq(authIdentities.userId, existing.id), eq(authIdentities.provider, GOOGLE_PROVIDER)));
    // This very Google account, linked a moment ago by a first sign-in running beside this one
    // (it committed between our two reads): it signs in like any linked account.
    if (other?.subject === profile.subject) return resolveAccount(deps, input);
    if (other) return { kind: 'failed', code: 'GOOGLE_ACCOUNT_CONFLICT' };
    const browserToken = randomToken();
    await deps.db.delete(authIdentityLinks).where(lt(authIdentityLinks.expiresAt, now));
    await deps.db.insert(authIdentityLinks).values({
      userId: existing.id,
      provider: GOOGLE_PROVIDER,
      subject: profile.subject,
      email,
      browserTokenHash: sha256(browserToken),
      language: flow.language,
      returnTo: flow.returnTo,
      createdAt: now,
      expiresAt: new Date(now.getTime() + GOOGLE_LINK_TTL_SECONDS * 1000),
    });
    return { kind: 'linkPending', browserToken };
  }

  const created = await deps.db.transaction(async (tx) => {
    const userId = await createSocialClient(tx, { profile: { ...profile, email }, flow, now });
    const pair = await openSession(deps, tx, { userId, role: 'client', userAgent: input.userAgent, now });
    return { userId, pair };
  });
  return { kind: 'signedIn', created: true, ...created };
}

/**
 * GET /auth/google/callback. The state must be the one this browser started with (its cookie)
 * and still waiting (10 minutes, once); openid-client then checks the response, redeems the
 * code with the PKCE verifier and checks the ID token, nonce included. Never throws for what
 * the browser brought: the outcome says where to send it.
 */
export async function finishGoogleSignIn(
  deps: GoogleDeps,
  input: { query: string; state?: string; cookieState?: string; userAgent?: string; log?: SignInLog },
): Promise<GoogleCallbackOutcome> {
  const now = deps.clock.now();
  const flow = input.cookieState ? await consumeFlow(deps, input.cookieState, now) : null;
  const language: Language = languageOf(flow?.language);
  const base = { language, returnTo: flow?.returnTo ?? null };
  const fail = (code: GoogleErrorCode, reason: string): GoogleCallbackOutcome => {
    input.log?.info({ code, reason }, 'Google sign-in not completed');
    return { ...base, kind: 'failed', code };
  };

  if (!flow || !input.cookieState) return fail('GOOGLE_SIGN_IN_FAILED', 'no waiting sign-in for this browser');
  if (input.state !== input.cookieState) return fail('GOOGLE_SIGN_IN_FAILED', 'state does not match');

  let profile: GoogleProfile;
  try {
    profile = await deps.google.exchange({
      query: input.query,
      state: input.cookieState,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
    });
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('GOOGLE_')) {
      return fail(error.code as GoogleErrorCode, 'the provider or the OpenID checks refused');
    }
    throw error;
  }

  const attempt = () => resolveAccount(deps, { profile, flow, userAgent: input.userAgent, now });
  let resolution: Resolution;
  try {
    resolution = await attempt();
  } catch (error) {
    // Two first sign-ins of one Google account at once: the other one created the account first.
    if (!isUniqueViolation(error)) throw error;
    resolution = await attempt();
  }
  if (resolution.kind === 'failed') return fail(resolution.code, 'the account cannot be used');
  return { ...base, ...resolution };
}
