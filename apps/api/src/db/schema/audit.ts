import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What an operator did, or what was done to someone's data, kept for good: who (`actor_id`, their
 * role at the time), what (`action`, a dotted verb such as `provider.approve`), to what
 * (`target_type`, `target_id`) and when. Append-only: triggers (migration) refuse every UPDATE,
 * DELETE and TRUNCATE, whatever role the application connects with. `detail` holds ids and
 * decisions, never personal or health data.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // No foreign key: the trail outlives the account it names (erasure keeps the row, not the person).
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at.desc(), table.id.desc()),
    // The back office reads one target's trail by its id alone, newest first (ORDER BY … DESC
    // puts nulls first: the index must too to serve the order).
    index('audit_log_target_at_idx').on(table.targetId, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(table.actorId, table.at.desc()),
  ],
);
