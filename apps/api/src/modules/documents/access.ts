import type { Language } from '@app/shared/constants';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Actor } from '../../platform/auth-guard.ts';

/**
 * An operator reading someone's paper (an admin, or an admin in view mode as that person): who,
 * which document, audited in the read's own transaction.
 */
export async function auditOperatorRead(
  tx: Tx,
  input: {
    actor: Actor;
    action: string;
    targetType: string;
    targetId: string;
    at: Date;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  const adminId = input.actor.viewMode?.adminId ?? (input.actor.role === 'admin' ? input.actor.userId : null);
  if (!adminId) return;
  await recordAudit(tx, {
    actor: { userId: adminId, role: 'admin' },
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    detail: { ...input.detail, ...(input.actor.viewMode ? { viewMode: true } : {}) },
    at: input.at,
  });
}

/** Whether the actor acts as an operator (an admin's own token, not a view-mode one). */
export const isOperator = (actor: Actor) => actor.role === 'admin' && !actor.viewMode;

/** The reader's language (the request's) and time zone (their account's). */
export async function readerOf(
  tx: Tx,
  actor: Actor,
  language: Language,
): Promise<{ language: Language; timeZone: string }> {
  const [row] = await tx.select({ timezone: users.timezone }).from(users).where(eq(users.id, actor.userId));
  return { language, timeZone: row?.timezone ?? 'UTC' };
}
