import type { AuditPage } from '@app/shared/schemas/admin';
import { and, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { type AdminActor, assertAdmin } from '../../platform/admin-actor.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { isUuidSql } from '../../platform/uuid.ts';

const actors = alias(users, 'actor');
const targets = alias(users, 'target');

/**
 * A user target's id as a uuid, so the join reads users by its primary key (comparing ids as text
 * reads every user). The CASE keeps the cast away from targets that are not users.
 */
const userTargetId = sql`(CASE WHEN ${auditLog.targetType} = 'user' AND ${isUuidSql(sql`${auditLog.targetId}`)}
  THEN ${auditLog.targetId} END)::uuid`;

/** One page of the trail under `where`, newest first, with the actor's and a user target's email. */
export function auditRows(db: Tx, where: SQL | undefined, input: { page: number; perPage: number }) {
  return db
    .select({
      identifier: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorRole: auditLog.actorRole,
      actorEmail: actors.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetEmail: targets.email,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(targets, eq(targets.id, userTargetId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage);
}

/**
 * GET /admin/audit: the trail, newest first; optionally one action (`provider.approve`) or a
 * domain of actions (`provider`), or one target. The reader sees who acted and, for a user
 * target, whom it concerned (their email is read from users, never kept in the trail).
 */
export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: AdminActor; action?: string; targetIdentifier?: string; page: number; perPage: number },
): Promise<AuditPage> {
  assertAdmin(input.actor);
  const where = and(
    input.action
      ? or(eq(auditLog.action, input.action), like(auditLog.action, `${input.action.replace(/[\\%_]/g, '\\$&')}.%`))
      : undefined,
    input.targetIdentifier ? eq(auditLog.targetId, input.targetIdentifier) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    auditRows(deps.db, where, input),
    deps.db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    data: rows.map((row) => ({
      identifier: row.identifier,
      at: row.at.toISOString(),
      actor: { identifier: row.actorId, role: row.actorRole, email: row.actorEmail },
      action: row.action,
      targetType: row.targetType,
      targetIdentifier: row.targetId,
      targetLabel: row.targetEmail,
      detail: row.detail,
    })),
    meta: {
      page: input.page,
      perPage: input.perPage,
      total: totalCount,
      totalPages: Math.ceil(totalCount / input.perPage),
    },
  };
}
