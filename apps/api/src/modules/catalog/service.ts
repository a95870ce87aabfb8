import type { Language } from '@app/shared/constants';
import type { Concern, PreferenceListName, TherapyCategory } from '@app/shared/schemas/catalog';
import type { NamedItem } from '@app/shared/schemas/common';
import { and, asc, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { concerns, preferenceOptions, providerConcerns, therapyCategories, users } from '../../db/schema/index.ts';
import { localizedName } from '../../platform/localized.ts';
import { listedProviderSql } from '../credentials/listing.ts';

export async function listTherapyCategories(db: Tx, options: { language: Language }): Promise<TherapyCategory[]> {
  const rows = await db.select().from(therapyCategories).orderBy(asc(therapyCategories.position));
  return rows.map((row) => ({ identifier: row.id, key: row.key, name: localizedName(row, options.language) }));
}

/**
 * The most common concerns. With `withTherapists`, only concerns at least one approved
 * provider treats; every item carries how many approved providers treat it.
 */
export async function listTopConcerns(
  db: Tx,
  options: { language: Language; limit: number; withTherapists?: boolean; now: Date },
): Promise<Concern[]> {
  const therapistCount = countDistinct(users.id);
  const rows = await db
    .select({ concern: concerns, therapistCount })
    .from(concerns)
    .leftJoin(providerConcerns, eq(providerConcerns.concernId, concerns.id))
    .leftJoin(
      users,
      and(eq(users.id, providerConcerns.providerId), listedProviderSql(providerConcerns.providerId, options.now)),
    )
    .groupBy(concerns.id)
    .having(options.withTherapists ? sql`${therapistCount} > 0` : undefined)
    .orderBy(desc(concerns.popularity), asc(concerns.key))
    .limit(options.limit);
  return rows.map(({ concern, therapistCount }) => ({
    identifier: concern.id,
    key: concern.key,
    name: localizedName(concern, options.language),
    therapistCount: Number(therapistCount),
  }));
}

export async function listPreferenceOptions(
  db: Tx,
  options: { language: Language; list?: PreferenceListName },
): Promise<Record<string, NamedItem[]>> {
  const rows = await db
    .select()
    .from(preferenceOptions)
    .where(options.list ? eq(preferenceOptions.list, options.list) : undefined)
    .orderBy(asc(preferenceOptions.list), asc(preferenceOptions.position));
  const lists: Record<string, NamedItem[]> = {};
  for (const row of rows) {
    lists[row.list] ??= [];
    lists[row.list]?.push({ identifier: row.id, key: row.key, name: localizedName(row, options.language) });
  }
  return lists;
}
