import type { Language } from '@app/shared/constants';
import type { State } from '@app/shared/schemas/region';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, providerLicenseStates, states } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { localizedName } from '../../platform/localized.ts';
import { assertRole, FieldErrors, lockUser } from './checks.ts';
import type { ProfilesDeps } from './deps.ts';

/** A provider's licence states by name in the reader's language (their screen and their public page). */
export async function loadLicenseStates(db: Tx, providerId: string, language: Language): Promise<State[]> {
  const rows = await db
    .select({ state: states })
    .from(providerLicenseStates)
    .innerJoin(states, eq(states.id, providerLicenseStates.stateId))
    .where(eq(providerLicenseStates.providerId, providerId));
  return licenseStatesOf(
    rows.map(({ state }) => state),
    language,
  );
}

/** Licence states rows as the reader sees them: named in their language, in its alphabetical order. */
export function licenseStatesOf(
  rows: { id: string; code: string; nameEn: string; nameDe: string }[],
  language: Language,
): State[] {
  return rows
    .map((state) => ({ identifier: state.id, code: state.code, name: localizedName(state, language) }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}

/** GET /provider/license-states: the US states where the provider is licensed. */
export function getLicenseStates(deps: ProfilesDeps, input: { actor: Actor; language: Language }): Promise<State[]> {
  assertRole(input.actor, 'provider');
  return loadLicenseStates(deps.db, input.actor.userId, input.language);
}

/** POST /provider/license-states: replaces the list; every identifier must be a US state. */
export async function setLicenseStates(
  deps: ProfilesDeps,
  input: { actor: Actor; language: Language; stateIds: string[] },
): Promise<State[]> {
  assertRole(input.actor, 'provider');
  const stateIds = [...new Set(input.stateIds)];
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, input.actor.userId);
    if (stateIds.length > 0) {
      const found = await tx
        .select({ id: states.id })
        .from(states)
        .innerJoin(countries, eq(countries.id, states.countryId))
        .where(and(inArray(states.id, stateIds), eq(countries.code, 'US')));
      if (found.length !== stateIds.length) {
        const errors = new FieldErrors();
        errors.add('stateIdentifiers', 'profiles.licenseStateNotUs');
        errors.throwIfAny();
      }
    }
    await tx.delete(providerLicenseStates).where(eq(providerLicenseStates.providerId, input.actor.userId));
    if (stateIds.length > 0) {
      await tx
        .insert(providerLicenseStates)
        .values(stateIds.map((stateId) => ({ providerId: input.actor.userId, stateId })));
    }
  });
  return loadLicenseStates(deps.db, input.actor.userId, input.language);
}
