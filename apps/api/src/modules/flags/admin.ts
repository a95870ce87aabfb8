import { type AdminFlag, type AdminFlagList, FLAG_KEYS, type FlagKey, type FlagRule } from '@app/shared/schemas/flags';
import { eq } from 'drizzle-orm';
import { featureFlags, users } from '../../db/schema/index.ts';
import { type AdminActor, assertAdmin, auditActor } from '../../platform/admin-actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { type FlagRow, ruleOf } from './store.ts';

function toAdminFlag(key: FlagKey, row: FlagRow | undefined, editor: string | null): AdminFlag {
  return { key, ...ruleOf(row), updatedAt: row?.updatedAt.toISOString() ?? null, updatedBy: editor };
}

/** GET /admin/flags: every flag the product knows, with its rule and who changed it last. */
export async function listFlags(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: AdminActor; providerName: string },
): Promise<AdminFlagList> {
  assertAdmin(input.actor);
  const rows = await deps.db
    .select({ flag: featureFlags, firstName: users.firstName, lastName: users.lastName })
    .from(featureFlags)
    .leftJoin(users, eq(users.id, featureFlags.updatedBy));
  return {
    provider: input.providerName,
    data: FLAG_KEYS.map((key) => {
      const found = rows.find((row) => row.flag.key === key);
      const editor = found ? [found.firstName, found.lastName].filter(Boolean).join(' ') || null : null;
      return toAdminFlag(key, found?.flag, editor);
    }),
  };
}

/**
 * PUT /admin/flags/{key}: the flag's new rule and its audit entry (`flag.update`, with the rule
 * before and after) in one transaction. The caller drops the cached rules.
 */
export async function updateFlag(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: AdminActor; key: FlagKey; rule: FlagRule },
): Promise<AdminFlag> {
  assertAdmin(input.actor);
  const now = deps.clock.now();
  const rule: FlagRule = { ...input.rule, countries: [...new Set(input.rule.countries)].sort() };
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(featureFlags).where(eq(featureFlags.key, input.key)).for('update');
    const [row] = await tx
      .insert(featureFlags)
      .values({ key: input.key, ...rule, updatedAt: now, updatedBy: input.actor.userId })
      .onConflictDoUpdate({
        target: featureFlags.key,
        set: { ...rule, updatedAt: now, updatedBy: input.actor.userId },
      })
      .returning();
    await recordAudit(tx, {
      actor: auditActor(input.actor),
      action: 'flag.update',
      targetType: 'feature_flag',
      targetId: input.key,
      detail: { before: ruleOf(before), after: rule },
      at: now,
    });
    const [editor] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, input.actor.userId));
    return toAdminFlag(input.key, row, [editor?.firstName, editor?.lastName].filter(Boolean).join(' ') || null);
  });
}
