import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Who acted: a signed-in person (with the role they acted in) or the system itself (a job). */
export type AuditActor = { userId: string; role: string } | { userId: null; role: 'system' };

export interface AuditEntry {
  actor: AuditActor;
  /** A dotted verb, domain first: `provider.approve`, `user.suspend`, `view_mode.start`, `data.export`. */
  action: string;
  targetType: string;
  targetId?: string | null;
  /** Ids, decisions and counts; never personal or health data (names, emails, note text). */
  detail?: Record<string, unknown>;
  /** When it happened; the database clock when absent. */
  at?: Date;
}

/**
 * Records one entry in the append-only audit trail (audit_log; the database refuses to change or
 * remove a row). Call it inside the transaction of the action it records, so the action and its
 * trace commit or roll back together.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.userId,
    actorRole: entry.actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? {},
    ...(entry.at ? { at: entry.at } : {}),
  });
}
