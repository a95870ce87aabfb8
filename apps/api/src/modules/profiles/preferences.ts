import type { Language } from '@app/shared/constants';
import { PREFERENCE_LIST_NAMES, type PreferenceListName } from '@app/shared/schemas/catalog';
import type { Preferences, PreferencesUpdate } from '@app/shared/schemas/profiles';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { concerns, preferenceOptions, providerConcerns, userPreferences } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { localizedName } from '../../platform/localized.ts';
import { assertRole, FieldErrors, lockUser } from './checks.ts';

function emptyPreferences(): Preferences {
  return Object.fromEntries(PREFERENCE_LIST_NAMES.map((name) => [name, []])) as unknown as Preferences;
}

/** A user's choices in every list, in each list's order (one query). */
export async function loadPreferences(db: Tx, userId: string, language: Language): Promise<Preferences> {
  const rows = await db
    .select({ option: preferenceOptions })
    .from(userPreferences)
    .innerJoin(preferenceOptions, eq(preferenceOptions.id, userPreferences.optionId))
    .where(eq(userPreferences.userId, userId))
    .orderBy(asc(preferenceOptions.list), asc(preferenceOptions.position));
  const result = emptyPreferences();
  for (const { option } of rows) {
    const list = result[option.list as PreferenceListName];
    list?.push({ identifier: option.id, key: option.key, name: localizedName(option, language) });
  }
  return result;
}

/**
 * Replaces the lists present in `update` (the others stay). Every identifier must be an option
 * of the list it is sent under, else 400 naming that list and nothing changes. Call inside a
 * transaction that holds the user's row lock.
 */
export async function replacePreferences(
  tx: Tx,
  input: {
    userId: string;
    role: Actor['role'];
    update: PreferencesUpdate;
    errors?: FieldErrors;
    fieldOf?: (list: string) => string;
  },
): Promise<void> {
  const errors = input.errors ?? new FieldErrors();
  const fieldOf = input.fieldOf ?? ((list: string) => list);
  const entries = Object.entries(input.update).map(
    ([list, ids]) => [list as PreferenceListName, [...new Set(ids ?? [])]] as const,
  );
  const allIds = entries.flatMap(([, ids]) => ids);
  const rows =
    allIds.length === 0
      ? []
      : await tx
          .select({ id: preferenceOptions.id, list: preferenceOptions.list, key: preferenceOptions.key })
          .from(preferenceOptions)
          .where(inArray(preferenceOptions.id, allIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [list, ids] of entries) {
    if (ids.some((id) => byId.get(id)?.list !== list)) errors.add(fieldOf(list), 'validation.invalidEnum');
  }
  errors.throwIfAny();

  for (const [list, ids] of entries) {
    await tx
      .delete(userPreferences)
      .where(and(eq(userPreferences.userId, input.userId), eq(userPreferences.list, list)));
    if (ids.length > 0) {
      await tx.insert(userPreferences).values(ids.map((optionId) => ({ userId: input.userId, optionId, list })));
    }
    if (list === 'specialities' && input.role === 'provider') {
      const keys = ids.map((id) => byId.get(id)?.key).filter((key): key is string => Boolean(key));
      await syncProviderConcerns(tx, input.userId, keys);
    }
  }
}

/**
 * Specialities are concerns (same keys): a provider's chosen ones become the concerns they
 * treat. Concerns outside the specialities list are left as they are.
 */
async function syncProviderConcerns(tx: Tx, providerId: string, selectedKeys: string[]): Promise<void> {
  const specialityConcerns = await tx
    .select({ id: concerns.id, key: concerns.key })
    .from(concerns)
    .innerJoin(
      preferenceOptions,
      and(eq(preferenceOptions.key, concerns.key), eq(preferenceOptions.list, 'specialities')),
    );
  const selected = new Set(selectedKeys);
  const keep = specialityConcerns.filter((row) => selected.has(row.key)).map((row) => row.id);
  const managed = specialityConcerns.map((row) => row.id);
  if (managed.length > 0) {
    await tx
      .delete(providerConcerns)
      .where(
        and(
          eq(providerConcerns.providerId, providerId),
          inArray(providerConcerns.concernId, managed),
          keep.length > 0 ? notInArray(providerConcerns.concernId, keep) : undefined,
        ),
      );
  }
  if (keep.length > 0) {
    await tx
      .insert(providerConcerns)
      .values(keep.map((concernId) => ({ providerId, concernId })))
      .onConflictDoNothing();
  }
}

export function getPreferences(db: Db, input: { actor: Actor; role: Actor['role']; language: Language }) {
  assertRole(input.actor, input.role);
  return loadPreferences(db, input.actor.userId, input.language);
}

export async function updatePreferences(
  db: Db,
  input: { actor: Actor; role: Actor['role']; language: Language; update: PreferencesUpdate },
): Promise<Preferences> {
  assertRole(input.actor, input.role);
  await db.transaction(async (tx) => {
    await lockUser(tx, input.actor.userId);
    await replacePreferences(tx, { userId: input.actor.userId, role: input.actor.role, update: input.update });
  });
  return loadPreferences(db, input.actor.userId, input.language);
}
