import type { Language } from '@app/shared/constants';
import { languageOf } from '@app/shared/constants';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { translate } from '../../platform/i18n.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { isCommonPassword } from './common-passwords.ts';
import { pageLink, sendAuthEmail } from './emails.ts';
import { afterAnswer, type ServiceLog, sendSafely } from './mail-safely.ts';
import { consumeLinkToken, discardTokens, issueLinkToken, LINK_TTL_SECONDS } from './one-time-tokens.ts';
import { findUserByEmail, revokeSessions } from './sessions.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'mailer'>;

/**
 * POST /user/request-password-reset {email}: a reset link (1 h) to a live account, in the account's
 * language. Same answer, after the same work, for unknown addresses (no enumeration, by content or
 * by timing): the lookup, the token and the email run after the answer (afterAnswer).
 */
export async function requestPasswordReset(
  deps: Deps,
  input: { email: string; language: Language; log?: ServiceLog },
): Promise<{ message: string }> {
  afterAnswer(input.log, () => sendPasswordReset(deps, input));
  return { message: translate(input.language, 'auth.resetRequested') };
}

async function sendPasswordReset(deps: Deps, input: { email: string; log?: ServiceLog }): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) return;
  const now = deps.clock.now();
  const token = await deps.db.transaction((tx) =>
    issueLinkToken(tx, { userId: user.id, purpose: 'reset_password', now }),
  );
  const language = languageOf(user.language);
  await sendSafely(input.log, () =>
    sendAuthEmail(deps, user, 'reset', {
      link: pageLink(deps.config, language, 'reset-password', { token }),
      expiresInSeconds: LINK_TTL_SECONDS.reset_password,
    }),
  );
}

/**
 * POST /user/password-reset {token, password}: sets the new password and signs the account out
 * everywhere. The link proves the mailbox, so an unverified account becomes verified.
 */
export async function resetPassword(
  deps: Deps,
  input: { token: string; password: string; language: Language },
): Promise<{ message: string }> {
  if (isCommonPassword(input.password)) throw fieldError('password', 'auth.passwordTooCommon');
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const owner = await consumeLinkToken(tx, { token: input.token, purpose: 'reset_password', now });
    if (!owner) return false;
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(users.id, owner), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) return false;
    await revokeSessions(tx, { userId: user.id, now, reason: 'password_reset' });
    await discardTokens(tx, user.id, 'reset_password');
    return true;
  });
  if (!done) throw new AppError('INVALID_TOKEN');
  return { message: translate(input.language, 'auth.passwordResetDone') };
}

/**
 * POST /user/profile/update-password: the current password, then the new one. Every other session
 * of the user is revoked; the one making the change stays signed in. A notice goes to the address.
 */
export async function updatePassword(
  deps: Deps,
  input: { actor: Actor; oldPassword: string; newPassword: string; language: Language; log?: ServiceLog },
): Promise<{ message: string }> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, input.actor.userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('NOT_FOUND');
  const ok = user.passwordHash ? await verifyPassword(user.passwordHash, input.oldPassword) : false;
  if (!ok) throw fieldError('oldPassword', 'auth.currentPasswordWrong');
  if (input.newPassword === input.oldPassword) throw fieldError('newPassword', 'auth.passwordUnchanged');
  if (isCommonPassword(input.newPassword)) throw fieldError('newPassword', 'auth.passwordTooCommon');

  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeSessions(tx, {
      userId: user.id,
      now,
      reason: 'password_changed',
      exceptSessionId: input.actor.sessionId,
    });
    await discardTokens(tx, user.id, 'reset_password');
  });
  await sendSafely(input.log, () => sendAuthEmail(deps, user, 'passwordChanged', {}));
  return { message: translate(input.language, 'auth.passwordUpdated') };
}
