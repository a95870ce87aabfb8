import type { LoginInput, LoginResponse, TokenPair } from '@app/shared/schemas/auth';
import type { UserRole } from '@app/shared/schemas/auth-token';
import { and, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authRefreshTokens, authSessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { hashPassword, verifyPassword } from '../../platform/password.ts';
import { endSessionSocketsInTransaction } from '../../platform/realtime/hub.ts';
import { signAccessToken } from '../../platform/tokens.ts';
import { randomToken, sha256 } from './secrets.ts';
import { loadUserInfo } from './user-info.ts';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

export type RevokeReason =
  | 'logout'
  | 'logout_everywhere'
  | 'password_changed'
  | 'password_reset'
  | 'account_deleted'
  | 'refresh_token_reuse'
  | 'suspended'
  | 'view_mode_ended';

/** A hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | null = null;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  return dummyHash;
}

/** Finds a live (not deleted) account by email, case-insensitively (uses users_email_lower_uq). */
export async function findUserByEmail(db: Tx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row ?? null;
}

async function signFor(deps: Deps, claims: { userId: string; role: UserRole; sessionId: string }, now: Date) {
  return signAccessToken({ secret: deps.config.APP_SECRET, ttlSeconds: deps.config.ACCESS_TOKEN_TTL, now }, claims);
}

/** A new refresh token for a session; the session's expiry slides to the token's. */
async function issueRefreshToken(deps: Deps, tx: Tx, sessionId: string, now: Date): Promise<string> {
  const refreshToken = randomToken();
  const expiresAt = new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL * 1000);
  await tx.insert(authRefreshTokens).values({ sessionId, tokenHash: sha256(refreshToken), createdAt: now, expiresAt });
  await tx.update(authSessions).set({ expiresAt }).where(eq(authSessions.id, sessionId));
  return refreshToken;
}

/** Opens a session (one refresh-token family) and answers its first token pair. */
export async function openSession(
  deps: Deps,
  tx: Tx,
  input: { userId: string; role: UserRole; userAgent?: string; now: Date },
): Promise<TokenPair> {
  const [session] = await tx
    .insert(authSessions)
    .values({
      userId: input.userId,
      userAgent: input.userAgent?.slice(0, 255) ?? null,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + deps.config.REFRESH_TOKEN_TTL * 1000),
    })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('session insert failed');
  const refreshToken = await issueRefreshToken(deps, tx, session.id, input.now);
  const token = await signFor(deps, { userId: input.userId, role: input.role, sessionId: session.id }, input.now);
  return {
    token,
    refreshToken,
    expiresIn: deps.config.ACCESS_TOKEN_TTL,
    refreshTokenExp: deps.config.REFRESH_TOKEN_TTL,
  };
}

/**
 * POST /user/login. Unknown email, deleted account, social account without a password and wrong
 * password all answer INVALID_CREDENTIALS after the same argon2 work; only the right password on
 * an unverified provider's (or admin's) account reveals EMAIL_NOT_VERIFIED. An unverified client
 * signs in (verification can wait; some actions cannot).
 */
export async function login(
  deps: Deps & Pick<AppDeps, 'events'>,
  input: LoginInput & { userAgent?: string },
): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, input.email);
  let passwordOk = false;
  if (user?.passwordHash) passwordOk = await verifyPassword(user.passwordHash, input.password);
  else await verifyPassword(await timingDummy(), input.password);
  if (!user || !passwordOk) {
    deps.events.outcome({ kind: 'loginFailure', reason: 'credentials' });
    throw new AppError('INVALID_CREDENTIALS');
  }
  // Like EMAIL_NOT_VERIFIED, said only after the right password (back office suspension).
  if (user.suspendedAt) {
    deps.events.outcome({ kind: 'loginFailure', reason: 'suspended' });
    throw new AppError('ACCOUNT_SUSPENDED');
  }
  // Clients may verify later (SPEC §6; limits in @app/shared/verification-rules); others first.
  if (!user.emailVerifiedAt && user.role !== 'client') throw new AppError('EMAIL_NOT_VERIFIED');

  const now = deps.clock.now();
  const pair = await deps.db.transaction((tx) =>
    openSession(deps, tx, { userId: user.id, role: user.role, userAgent: input.userAgent, now }),
  );
  return { ...pair, user: await loadUserInfo(deps.db, user.id) };
}

type RefreshOutcome = { kind: 'ok'; pair: TokenPair } | { kind: 'reuse' } | { kind: 'invalid' };

/**
 * How long after a rotation its token may come again because the answer never reached the tab (a
 * reload or a lost connection cut off the renewal after the server had rotated the cookie).
 */
export const LOST_RENEWAL_GRACE_MS = 20_000;

/**
 * POST /auth/refresh. The presented token is rotated (marked, replaced) in one conditional UPDATE.
 * A token that was already rotated is a replay, and the whole session is revoked (committed) with
 * a 401 like any other bad token, but for one case: the token comes again within
 * LOST_RENEWAL_GRACE_MS of its rotation and the successor that rotation issued was never used.
 * That is a renewal whose answer was lost (a person who reloads while the tab renews is otherwise
 * signed out): the unused successor is rotated in its place. A thief replaying a token in that
 * window gains only until the owner's next renewal, which ends the thief's token (within the
 * window) or the session (after it).
 */
export async function refreshSession(deps: Deps, input: { refreshToken: string | null }): Promise<TokenPair> {
  if (!input.refreshToken) throw new AppError('UNAUTHENTICATED');
  const tokenHash = sha256(input.refreshToken);
  const now = deps.clock.now();

  const outcome = await deps.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const rotate = (which: SQL | undefined) =>
      tx
        .update(authRefreshTokens)
        .set({ rotatedAt: now })
        .where(and(which, isNull(authRefreshTokens.rotatedAt)))
        .returning({ sessionId: authRefreshTokens.sessionId, expiresAt: authRefreshTokens.expiresAt });

    let [rotated] = await rotate(eq(authRefreshTokens.tokenHash, tokenHash));
    if (!rotated) {
      const [replayed] = await tx
        .select({ sessionId: authRefreshTokens.sessionId, rotatedAt: authRefreshTokens.rotatedAt })
        .from(authRefreshTokens)
        .where(eq(authRefreshTokens.tokenHash, tokenHash));
      if (!replayed) return { kind: 'invalid' };
      const lostAnswer =
        replayed.rotatedAt !== null && now.getTime() - replayed.rotatedAt.getTime() <= LOST_RENEWAL_GRACE_MS;
      // The successor is the token that rotation issued: the session's one token made at that
      // instant (two there, as only a clock that stands still makes them, prove nothing).
      const issuedThen = lostAnswer
        ? await tx
            .select({ id: authRefreshTokens.id, rotatedAt: authRefreshTokens.rotatedAt })
            .from(authRefreshTokens)
            .where(
              and(
                eq(authRefreshTokens.sessionId, replayed.sessionId),
                eq(authRefreshTokens.createdAt, replayed.rotatedAt as Date),
                ne(authRefreshTokens.tokenHash, tokenHash),
              ),
            )
        : [];
      const [successor] = issuedThen.length === 1 && issuedThen[0]?.rotatedAt === null ? issuedThen : [];
      [rotated] = successor ? await rotate(eq(authRefreshTokens.id, successor.id)) : [];
      if (!rotated) {
        const [ended] = await tx
          .update(authSessions)
          .set({ revokedAt: now, revokedReason: 'refresh_token_reuse' })
          .where(and(eq(authSessions.id, replayed.sessionId), isNull(authSessions.revokedAt)))
          .returning({ id: authSessions.id, userId: authSessions.userId });
        if (ended) await endSessionSocketsInTransaction(tx, ended.userId, [ended.id]);
        return { kind: 'reuse' };
      }
    }

    const [live] = await tx
      .select({ userId: users.id, role: users.role })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(
        and(
          eq(authSessions.id, rotated.sessionId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
          isNull(users.deletedAt),
          isNull(users.suspendedAt),
        ),
      );
    if (!live || rotated.expiresAt <= now) return { kind: 'invalid' };

    const refreshToken = await issueRefreshToken(deps, tx, rotated.sessionId, now);
    const token = await signFor(deps, { userId: live.userId, role: live.role, sessionId: rotated.sessionId }, now);
    return {
      kind: 'ok',
      pair: {
        token,
        refreshToken,
        expiresIn: deps.config.ACCESS_TOKEN_TTL,
        refreshTokenExp: deps.config.REFRESH_TOKEN_TTL,
      },
    };
  });

  if (outcome.kind !== 'ok') throw new AppError('UNAUTHENTICATED');
  return outcome.pair;
}

/**
 * Revokes a user's live sessions (all, or all but one); their access and refresh tokens stop at
 * once, and their live sockets close on every process when `tx` commits. Answers the ended
 * sessions' ids.
 */
export async function revokeSessions(
  tx: Tx,
  input: { userId: string; now: Date; reason: RevokeReason; exceptSessionId?: string },
): Promise<string[]> {
  const revoked = await tx
    .update(authSessions)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(
      and(
        eq(authSessions.userId, input.userId),
        isNull(authSessions.revokedAt),
        input.exceptSessionId ? ne(authSessions.id, input.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  const ids = revoked.map((row) => row.id);
  await endSessionSocketsInTransaction(tx, input.userId, ids);
  return ids;
}

/** POST /auth/invalidate: ends the caller's session, or every session of the user with `everywhere`. */
export async function invalidateSession(deps: Deps, input: { actor: Actor; everywhere?: boolean }): Promise<void> {
  const now = deps.clock.now();
  if (input.everywhere) {
    await deps.db.transaction((tx) =>
      revokeSessions(tx, { userId: input.actor.userId, now, reason: 'logout_everywhere' }),
    );
    return;
  }
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: 'logout' })
      .where(
        and(
          eq(authSessions.id, input.actor.sessionId),
          eq(authSessions.userId, input.actor.userId),
          isNull(authSessions.revokedAt),
        ),
      )
      .returning({ id: authSessions.id });
    await endSessionSocketsInTransaction(
      tx,
      input.actor.userId,
      ended.map((row) => row.id),
    );
  });
}
