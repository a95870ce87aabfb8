import type { ViewModeAnswer } from '@app/shared/schemas/admin';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, authSessions, users } from '../../db/schema/index.ts';
import { type AdminActor, assertAdmin, auditActor } from '../../platform/admin-actor.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { endSessionSocketsInTransaction } from '../../platform/realtime/hub.ts';
import { signAccessToken } from '../../platform/tokens.ts';

/** How long a view-mode token lives (seconds); it is never refreshed. */
export const VIEW_MODE_TTL_SECONDS = 15 * 60;
/** Marks a view-mode session among the admin's sessions (auth_sessions.user_agent). */
export const VIEW_MODE_SESSION_AGENT = 'view-mode';

/**
 * POST /admin/view-mode {userIdentifier}: a read-only token to see the app exactly as one user.
 * In one transaction: a view-mode session of the admin's (auth_sessions, 15 minutes, no refresh
 * token) and the audit entry `view_mode.start`. The token is an access token of the viewed user
 * (their id and role) that carries the admin (`act`) and the view-mode mark, and rides on that
 * session: ending it, or the admin signing out everywhere, ends the token at once. Admin
 * accounts cannot be viewed (409); erased ones are NOT_FOUND.
 */
export async function startViewMode(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: AdminActor; userId: string },
): Promise<ViewModeAnswer> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + VIEW_MODE_TTL_SECONDS * 1000);
  const { session, user } = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        identifier: users.id,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
    if (!user) throw new AppError('NOT_FOUND');
    if (user.role === 'admin') throw new AppError('VIEW_MODE_NOT_ALLOWED');
    const [session] = await tx
      .insert(authSessions)
      .values({ userId: input.actor.userId, userAgent: VIEW_MODE_SESSION_AGENT, createdAt: now, expiresAt })
      .returning({ id: authSessions.id });
    if (!session) throw new Error('view-mode session insert failed');
    await recordAudit(tx, {
      actor: auditActor(input.actor),
      action: 'view_mode.start',
      targetType: 'user',
      targetId: user.identifier,
      detail: { viewSessionId: session.id, role: user.role, expiresAt: expiresAt.toISOString() },
      at: now,
    });
    return { session, user };
  });
  const token = await signAccessToken(
    { secret: deps.config.APP_SECRET, ttlSeconds: VIEW_MODE_TTL_SECONDS, now },
    { userId: user.identifier, role: user.role, sessionId: session.id, viewMode: { adminId: input.actor.userId } },
  );
  return { identifier: session.id, token, expiresIn: VIEW_MODE_TTL_SECONDS, user };
}

/**
 * DELETE /admin/view-mode/{id}: the admin leaves view mode; the view-mode session ends (its token
 * stops at once) and the trail records `view_mode.end`. Ending one that already ended or expired
 * changes nothing; someone else's (or a normal session) is NOT_FOUND. The caller closes the
 * session's live socket.
 */
export async function endViewMode(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor; viewSessionId: string },
): Promise<{ ended: boolean }> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [session] = await tx
      .select({ revokedAt: authSessions.revokedAt, expiresAt: authSessions.expiresAt })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, input.viewSessionId),
          eq(authSessions.userId, input.actor.userId),
          eq(authSessions.userAgent, VIEW_MODE_SESSION_AGENT),
        ),
      )
      .for('update');
    if (!session) throw new AppError('NOT_FOUND');
    if (session.revokedAt) return { ended: false };
    await tx
      .update(authSessions)
      .set({ revokedAt: now, revokedReason: 'view_mode_ended' })
      .where(eq(authSessions.id, input.viewSessionId));
    await endSessionSocketsInTransaction(tx, input.actor.userId, [input.viewSessionId]);
    // The trail names the viewed user, as its start entry did (found by the session it recorded).
    const [started] = await tx
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actorId, input.actor.userId), // audit_log_actor_idx
          eq(auditLog.action, 'view_mode.start'),
          sql`${auditLog.detail} ->> 'viewSessionId' = ${input.viewSessionId}`,
        ),
      )
      .orderBy(desc(auditLog.at))
      .limit(1);
    await recordAudit(tx, {
      actor: auditActor(input.actor),
      action: 'view_mode.end',
      targetType: 'user',
      targetId: started?.targetId ?? null,
      detail: { viewSessionId: input.viewSessionId, afterExpiry: session.expiresAt <= now },
      at: now,
    });
    return { ended: true };
  });
}
