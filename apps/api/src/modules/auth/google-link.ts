import type { Language } from '@app/shared/constants';
import { languageOf } from '@app/shared/constants';
import type { LoginResponse } from '@app/shared/schemas/auth';
import type { GoogleLinkInfo } from '@app/shared/schemas/auth-google';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authIdentities, authIdentityLinks, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { verifyPassword } from '../../platform/password.ts';
import { pageLink, sendAuthEmail } from './emails.ts';
import { GOOGLE_LINK_TTL_SECONDS, GOOGLE_PROVIDER } from './google-sign-in.ts';
import { type ServiceLog, sendSafely } from './mail-safely.ts';
import { randomToken, sha256 } from './secrets.ts';
import { openSession, revokeSessions } from './sessions.ts';
import { loadUserInfo } from './user-info.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer'>;

/** Wrong passwords one waiting link allows before only the emailed link can prove the account. */
export const GOOGLE_LINK_PASSWORD_ATTEMPTS = 5;

type LinkRow = typeof authIdentityLinks.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The waiting link this browser holds (its cookie), with its live account; else GOOGLE_LINK_EXPIRED. */
async function waitingLink(deps: Deps, browserToken: string | undefined): Promise<{ link: LinkRow; user: UserRow }> {
  if (!browserToken) throw new AppError('GOOGLE_LINK_EXPIRED');
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ link: authIdentityLinks, user: users })
    .from(authIdentityLinks)
    .innerJoin(users, eq(users.id, authIdentityLinks.userId))
    .where(
      and(
        eq(authIdentityLinks.browserTokenHash, sha256(browserToken)),
        isNull(authIdentityLinks.usedAt),
        gt(authIdentityLinks.expiresAt, now),
        isNull(users.deletedAt),
      ),
    );
  if (!row) throw new AppError('GOOGLE_LINK_EXPIRED');
  return row;
}

/**
 * A password proves an account only when its address was confirmed: whoever signed up with an
 * address they never confirmed may not be its owner (pre-registration of someone else's address).
 */
function passwordProves(user: UserRow): boolean {
  return Boolean(user.passwordHash && user.emailVerifiedAt);
}

/** GET /auth/google/link: the address to prove and how it can be proven. */
export async function describeGoogleLink(deps: Deps, input: { browserToken?: string }): Promise<GoogleLinkInfo> {
  const { link, user } = await waitingLink(deps, input.browserToken);
  return {
    email: user.email,
    passwordAllowed: passwordProves(user) && link.passwordAttempts < GOOGLE_LINK_PASSWORD_ATTEMPTS,
    emailSent: link.emailTokenHash !== null,
  };
}

/**
 * Links the Google account and opens a session, in the caller's transaction: the waiting link is
 * taken once (a second confirmation finds it used), and a Google account or an account that got
 * linked meanwhile answers GOOGLE_ACCOUNT_CONFLICT.
 */
async function completeLink(
  deps: Deps,
  tx: Tx,
  input: { linkId: string; emailTokenHash?: string; userAgent?: string; now: Date; mailboxProven: boolean },
): Promise<{ userId: string; pair: Awaited<ReturnType<typeof openSession>> }> {
  const { now } = input;
  const [link] = await tx
    .update(authIdentityLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(authIdentityLinks.id, input.linkId),
        input.emailTokenHash ? eq(authIdentityLinks.emailTokenHash, input.emailTokenHash) : undefined,
        isNull(authIdentityLinks.usedAt),
        gt(authIdentityLinks.expiresAt, now),
      ),
    )
    .returning();
  if (!link) throw new AppError('GOOGLE_LINK_EXPIRED');
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
    .for('update');
  // The proof was for the address the Google account has; an account that changed it since is not that one.
  if (!user || user.email.toLowerCase() !== link.email.toLowerCase()) throw new AppError('GOOGLE_LINK_EXPIRED');
  if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');

  await tx.insert(authIdentities).values({
    userId: user.id,
    provider: GOOGLE_PROVIDER,
    subject: link.subject,
    email: link.email,
    createdAt: now,
    lastSignInAt: now,
  });
  if (input.mailboxProven && !user.emailVerifiedAt) {
    // Nobody had proven this address: the password was set by whoever signed up with it, maybe not
    // its owner. The owner keeps the account and its data, without that password.
    await tx
      .update(users)
      .set({ emailVerifiedAt: now, passwordHash: null, isSocial: true, updatedAt: now })
      .where(eq(users.id, user.id));
    await revokeSessions(tx, { userId: user.id, now, reason: 'password_reset' });
  }
  const pair = await openSession(deps, tx, { userId: user.id, role: user.role, userAgent: input.userAgent, now });
  return { userId: user.id, pair };
}

async function linkAndSignIn(
  deps: Deps,
  input: { linkId: string; emailTokenHash?: string; userAgent?: string; mailboxProven: boolean },
): Promise<LoginResponse> {
  const now = deps.clock.now();
  try {
    const { userId, pair } = await deps.db.transaction((tx) => completeLink(deps, tx, { ...input, now }));
    return { ...pair, user: await loadUserInfo(deps.db, userId) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('GOOGLE_ACCOUNT_CONFLICT');
    throw error;
  }
}

/**
 * POST /auth/google/link/password: the account's password proves it (a confirmed account with a
 * password; a few attempts per waiting link, each counted before the check so parallel guesses
 * cannot exceed them). Links, signs in like a password login, and tells the account's address.
 */
export async function linkGoogleWithPassword(
  deps: Deps,
  input: { browserToken?: string; password: string; userAgent?: string; log?: ServiceLog },
): Promise<LoginResponse> {
  const { link, user } = await waitingLink(deps, input.browserToken);
  if (!passwordProves(user)) throw new AppError('GOOGLE_LINK_NEEDS_EMAIL');
  const [counted] = await deps.db
    .update(authIdentityLinks)
    .set({ passwordAttempts: sql`${authIdentityLinks.passwordAttempts} + 1` })
    .where(
      and(
        eq(authIdentityLinks.id, link.id),
        isNull(authIdentityLinks.usedAt),
        lt(authIdentityLinks.passwordAttempts, GOOGLE_LINK_PASSWORD_ATTEMPTS),
      ),
    )
    .returning({ id: authIdentityLinks.id });
  if (!counted) throw new AppError('GOOGLE_LINK_PASSWORD_LOCKED');
  const ok = await verifyPassword(user.passwordHash as string, input.password);
  if (!ok) throw fieldError('password', 'auth.currentPasswordWrong');

  const answer = await linkAndSignIn(deps, { linkId: link.id, userAgent: input.userAgent, mailboxProven: false });
  await sendSafely(input.log, () => sendAuthEmail(deps, user, 'googleLinked', {}));
  return answer;
}

/**
 * POST /auth/google/link/email: emails the account's address a link that proves the mailbox
 * (valid while the waiting link is, 30 minutes; a new one replaces the previous one).
 */
export async function emailGoogleLink(
  deps: Deps,
  input: { browserToken?: string; language: Language; log?: ServiceLog },
): Promise<{ message: string }> {
  const { link, user } = await waitingLink(deps, input.browserToken);
  const token = randomToken();
  await deps.db
    .update(authIdentityLinks)
    .set({ emailTokenHash: sha256(token) })
    .where(eq(authIdentityLinks.id, link.id));
  const language: Language = languageOf(user.language);
  await sendSafely(input.log, () =>
    sendAuthEmail(deps, user, 'googleLink', {
      link: pageLink(deps.config, language, 'login/google/confirm', { token }),
      expiresInSeconds: GOOGLE_LINK_TTL_SECONDS,
    }),
  );
  return { message: translate(input.language, 'google.link.emailSent', { email: user.email }) };
}

/**
 * POST /auth/google/link/confirm {token}: the emailed link proves the mailbox, in any browser.
 * Links, confirms the address if it was not yet, and signs in like a password login.
 */
export async function confirmGoogleLink(
  deps: Deps,
  input: { token: string; userAgent?: string },
): Promise<LoginResponse> {
  const now = deps.clock.now();
  const emailTokenHash = sha256(input.token);
  const [link] = await deps.db
    .select({ id: authIdentityLinks.id })
    .from(authIdentityLinks)
    .where(
      and(
        eq(authIdentityLinks.emailTokenHash, emailTokenHash),
        isNull(authIdentityLinks.usedAt),
        gt(authIdentityLinks.expiresAt, now),
      ),
    );
  if (!link) throw new AppError('GOOGLE_LINK_EXPIRED');
  return linkAndSignIn(deps, { linkId: link.id, emailTokenHash, userAgent: input.userAgent, mailboxProven: true });
}
