import type { ClientProfile, ClientProfileUpdate, EmergencyContact } from '@app/shared/schemas/profiles';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { avatars, clientProfiles, countries, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { normalizePhoneNumber } from '../../platform/phone-numbers.ts';
import type { Storage } from '../../platform/storage.ts';
import { assertRole, checkCountryAndState, checkDateOfBirth, checkOptions, FieldErrors, lockUser } from './checks.ts';
import type { ProfilesDeps } from './deps.ts';
import { personDetails } from './person-details.ts';
import { photoUrls } from './photo-urls.ts';

const USER_NAME_UNIQUE = 'client_profiles_user_name_lower_uq';

export async function loadClientProfile(db: Tx, storage: Storage, userId: string): Promise<ClientProfile> {
  const [row] = await db
    .select({ user: users, profile: clientProfiles, avatarUrl: avatars.photoUrl })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .leftJoin(avatars, eq(avatars.id, clientProfiles.avatarId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  const { user, profile } = row;
  const photo = photoUrls(storage, {
    photoUrl: row.avatarUrl ?? profile?.photoUrl ?? null,
    photoKey: profile?.photoKey ?? null,
  });
  return {
    identifier: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    photoUrl: photo.photoUrl,
    thumbnailUrl: photo.thumbnailUrl,
    avatarIdentifier: profile?.avatarId ?? null,
    userName: profile?.userName ?? null,
    email: user.email,
    zipCode: profile?.zipCode ?? null,
    ...personDetails(user),
    timezone: user.timezone,
    isSocial: user.isSocial,
    emergencyContact:
      profile?.emergencyContactName && profile.emergencyContactPhone
        ? { name: profile.emergencyContactName, phoneNumber: profile.emergencyContactPhone }
        : null,
  };
}

export function getClientProfile(deps: ProfilesDeps, input: { actor: Actor }): Promise<ClientProfile> {
  assertRole(input.actor, 'client');
  return loadClientProfile(deps.db, deps.storage, input.actor.userId);
}

/**
 * PUT /client. Fields left out keep their value; null or "" clears one. A new country without a
 * state clears a state of the old country. Email, role, photo and isSocial are not writable here.
 */
export async function updateClientProfile(
  deps: ProfilesDeps,
  input: { actor: Actor; update: ClientProfileUpdate },
): Promise<ClientProfile> {
  assertRole(input.actor, 'client');
  const { update } = input;
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      const user = await lockUser(tx, input.actor.userId);
      const errors = new FieldErrors();

      const countryId = update.countryIdentifier === undefined ? user.countryId : update.countryIdentifier;
      let stateId = update.stateIdentifier === undefined ? user.stateId : update.stateIdentifier;
      if (update.stateIdentifier === undefined && countryId !== user.countryId) stateId = null;
      await checkCountryAndState(tx, errors, { countryId, stateId });
      await checkOptions(tx, errors, {
        religionIdentifier: { id: update.religionIdentifier, list: 'religion' },
        ethnicityIdentifier: { id: update.ethnicityIdentifier, list: 'background' },
      });
      checkDateOfBirth(errors, update.dob, now);

      const [taken] = await tx
        .select({ userId: clientProfiles.userId })
        .from(clientProfiles)
        .where(sql`lower(${clientProfiles.userName}) = lower(${update.userName})`);
      // The unique index catches a concurrent taker too (mapped below).
      if (taken && taken.userId !== user.id) errors.add('userName', 'profiles.userNameTaken');
      errors.throwIfAny();

      await tx
        .update(users)
        .set({
          firstName: update.firstName,
          lastName: update.lastName,
          countryId,
          stateId,
          dob: update.dob,
          gender: update.gender,
          religionId: update.religionIdentifier,
          ethnicityId: update.ethnicityIdentifier,
          timezone: update.timezone,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      const profile = { userName: update.userName, zipCode: update.zipCode, updatedAt: now };
      await tx
        .insert(clientProfiles)
        .values({ userId: user.id, ...profile, createdAt: now })
        .onConflictDoUpdate({ target: clientProfiles.userId, set: profile });
    });
  } catch (error) {
    if (isUniqueViolation(error, USER_NAME_UNIQUE)) {
      throw new AppError('VALIDATION_FAILED', {}, { userName: ['profiles.userNameTaken'] });
    }
    throw error;
  }
  return loadClientProfile(deps.db, deps.storage, input.actor.userId);
}

/** POST /client/emergency-contact: one contact per client, replaced on every call. */
export async function setEmergencyContact(
  deps: ProfilesDeps,
  input: { actor: Actor; contact: EmergencyContact },
): Promise<EmergencyContact> {
  assertRole(input.actor, 'client');
  const now = deps.clock.now();
  // The client's own country reads a number typed without its country code.
  const [home] = await deps.db
    .select({ code: countries.code })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, input.actor.userId));
  const contact = {
    name: input.contact.name,
    phoneNumber: normalizePhoneNumber(input.contact.phoneNumber, home?.code),
  };
  const values = {
    emergencyContactName: contact.name,
    emergencyContactPhone: contact.phoneNumber,
    updatedAt: now,
  };
  await deps.db
    .insert(clientProfiles)
    .values({ userId: input.actor.userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: clientProfiles.userId, set: values });
  return contact;
}
