import { FLAG_KEYS, type FlagKey, type FlagRule, isFlagKey } from '@app/shared/schemas/flags';
import type { Db, Tx } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';

/** A flag nobody has edited yet: off. */
export const DEFAULT_RULE: FlagRule = { enabled: false, countries: [], rolloutPercent: 100 };

export type FlagRow = typeof featureFlags.$inferSelect;

export function ruleOf(row: FlagRow | undefined): FlagRule {
  return row ? { enabled: row.enabled, countries: row.countries, rolloutPercent: row.rolloutPercent } : DEFAULT_RULE;
}

/** Every known flag's rule, read from the database. */
export async function readRules(db: Tx): Promise<Map<FlagKey, FlagRule>> {
  const rows = await db.select().from(featureFlags);
  const byKey = new Map(rows.filter((row) => isFlagKey(row.key)).map((row) => [row.key as FlagKey, row]));
  return new Map(FLAG_KEYS.map((key) => [key, ruleOf(byKey.get(key))]));
}

/**
 * The rules of one process, read at most every `ttlMs` (a back-office edit in another process
 * shows within that time; one in this process at once, through `invalidate`).
 */
export function createRuleCache(db: Db, options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? 5000;
  const now = options.now ?? Date.now;
  let cached: { at: number; rules: Promise<Map<FlagKey, FlagRule>> } | null = null;
  return {
    rules(): Promise<Map<FlagKey, FlagRule>> {
      if (!cached || now() - cached.at >= ttlMs) {
        const rules = readRules(db);
        cached = { at: now(), rules };
        rules.catch(() => {
          if (cached?.rules === rules) cached = null;
        });
      }
      return cached.rules;
    },
    invalidate() {
      cached = null;
    },
  };
}
export type RuleCache = ReturnType<typeof createRuleCache>;
