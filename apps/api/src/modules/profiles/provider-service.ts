import type { Language } from '@app/shared/constants';
import { type CurrencyCode, currencyForCountry } from '@app/shared/currency';
import type { PreferenceListName } from '@app/shared/schemas/catalog';
import type { ProviderInfoUpdate, ProviderProfile, ProviderSetup, SetupItem } from '@app/shared/schemas/profiles';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  countries,
  preferenceOptions,
  providerBookingFees,
  providerProfiles,
  userPreferences,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { normalizePhoneNumber } from '../../platform/phone-numbers.ts';
import type { Storage } from '../../platform/storage.ts';
import {
  assertRole,
  checkCountryAndState,
  checkDateOfBirth,
  checkOptions,
  checkTherapyCategory,
  FieldErrors,
  lockUser,
} from './checks.ts';
import type { ProfilesDeps } from './deps.ts';
import { personDetails } from './person-details.ts';
import { photoUrls } from './photo-urls.ts';
import { loadPreferences, replacePreferences } from './preferences.ts';
import { dropFeesInOtherCurrencies, loadBookingFee } from './provider-fees.ts';

/**
 * Whether each setup item is there, as SQL of the provider's id (a column, a bound value or a
 * placeholder) over a select from users left-joined with provider_profiles: the one statement of
 * what a complete setup needs, read with the profile and by the provider overview alike.
 */
export function setupPresenceSql(providerId: SQL | AnyColumn): Record<SetupItem, SQL<boolean>> {
  const filled = (column: AnyColumn) => sql<boolean>`(coalesce(${column}, '') <> '')`;
  const chosen = (list: PreferenceListName) =>
    sql<boolean>`EXISTS (SELECT 1 FROM ${userPreferences}
      INNER JOIN ${preferenceOptions} ON ${preferenceOptions.id} = ${userPreferences.optionId}
      WHERE ${userPreferences.userId} = ${providerId} AND ${preferenceOptions.list} = ${sql.raw(`'${list}'`)})`;
  return {
    country: sql<boolean>`(${users.countryId} IS NOT NULL)`,
    state: sql<boolean>`(${users.stateId} IS NOT NULL)`,
    title: filled(providerProfiles.title),
    gender: filled(users.gender),
    officeAddress: filled(providerProfiles.officeAddress),
    zipCode: filled(providerProfiles.zipCode),
    therapy: chosen('therapy'),
    modality: chosen('modality'),
    specialities: chosen('specialities'),
    // The general fee: the one without a therapy.
    bookingFee: sql<boolean>`EXISTS (SELECT 1 FROM ${providerBookingFees}
      WHERE ${providerBookingFees.providerId} = ${providerId} AND ${providerBookingFees.therapyCategoryId} IS NULL)`,
  };
}

/** What a provider still has to fill in before the setup is complete, in the items' order. */
export function missingSetupOf(present: Record<SetupItem, boolean>): SetupItem[] {
  return (Object.keys(present) as SetupItem[]).filter((item) => !present[item]);
}

export async function loadProviderProfile(
  db: Tx,
  storage: Storage,
  providerId: string,
  language: Language,
): Promise<ProviderProfile> {
  const [row] = await db
    .select({
      user: users,
      profile: providerProfiles,
      countryCode: countries.code,
      present: setupPresenceSql(users.id),
    })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, providerId));
  if (!row) throw new AppError('NOT_FOUND');
  const { user, profile, countryCode } = row;
  const [bookingFee, preferences] = await Promise.all([
    loadBookingFee(db, providerId, language),
    loadPreferences(db, providerId, language),
  ]);
  const photo = photoUrls(storage, { photoUrl: profile?.photoUrl ?? null, photoKey: profile?.photoKey ?? null });
  const missing = missingSetupOf(row.present);
  return {
    profileInfo: {
      identifier: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      photo: photo.photoUrl,
      thumbnail: photo.thumbnailUrl,
      headline: profile?.headline ?? null,
      title: profile?.title ?? null,
      phoneNumber: user.phoneNumber,
      officeAddress: profile?.officeAddress ?? null,
      bio: profile?.bio ?? null,
      zipCode: profile?.zipCode ?? null,
      country: user.countryId && countryCode ? { identifier: user.countryId, code: countryCode } : null,
      ...personDetails(user),
      disciplineIdentifier: profile?.disciplineId ?? null,
    },
    bookingFee,
    setup: {
      isComplete: missing.length === 0,
      savedAt: profile?.setupCompletedAt?.toISOString() ?? null,
      missing,
    },
    verificationStatus: profile?.verificationStatus ?? 'draft',
    preferences,
  };
}

export function getProviderProfile(
  deps: ProfilesDeps,
  input: { actor: Actor; language: Language },
): Promise<ProviderProfile> {
  assertRole(input.actor, 'provider');
  return loadProviderProfile(deps.db, deps.storage, input.actor.userId, input.language);
}

/** Country, state (and its country), the operating-country rule; returns the country's code and currency. */
async function checkProviderPlace(
  tx: Tx,
  errors: FieldErrors,
  countryId: string,
  stateId: string,
): Promise<{ countryCode: string | null; currency: CurrencyCode | null }> {
  const country = await checkCountryAndState(tx, errors, { countryId, stateId, operatingOnly: true });
  if (!country) return { countryCode: null, currency: null };
  return {
    countryCode: country.code,
    // Another country is already a field error here (the update is refused): no currency then.
    currency: country.operating ? currencyForCountry(country.code) : null,
  };
}

/** Writes provider_profiles columns, creating the row for a provider registered without one. */
async function upsertProviderProfile(
  tx: Tx,
  providerId: string,
  values: Partial<typeof providerProfiles.$inferInsert> & { updatedAt: Date },
): Promise<void> {
  await tx
    .insert(providerProfiles)
    .values({ ...values, userId: providerId, createdAt: values.updatedAt })
    .onConflictDoUpdate({ target: providerProfiles.userId, set: values });
}

/**
 * POST /provider/update/info. Verification status, email and role are not part of the body;
 * optional fields left out keep their value, null or "" clears them.
 */
export async function updateProviderInfo(
  deps: ProfilesDeps,
  input: { actor: Actor; language: Language; update: ProviderInfoUpdate },
): Promise<ProviderProfile> {
  assertRole(input.actor, 'provider');
  const { update } = input;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, input.actor.userId);
    const errors = new FieldErrors();
    const { countryCode, currency } = await checkProviderPlace(
      tx,
      errors,
      update.countryIdentifier,
      update.stateIdentifier,
    );
    await checkOptions(tx, errors, {
      religionIdentifier: { id: update.religionIdentifier, list: 'religion' },
      ethnicityIdentifier: { id: update.ethnicityIdentifier, list: 'background' },
    });
    await checkTherapyCategory(tx, errors, 'disciplineIdentifier', update.disciplineIdentifier);
    checkDateOfBirth(errors, update.dob, now);
    errors.throwIfAny();

    await tx
      .update(users)
      .set({
        firstName: update.firstName,
        lastName: update.lastName,
        phoneNumber: normalizePhoneNumber(update.phoneNumber, countryCode),
        countryId: update.countryIdentifier,
        stateId: update.stateIdentifier,
        dob: update.dob,
        gender: update.gender,
        religionId: update.religionIdentifier,
        ethnicityId: update.ethnicityIdentifier,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await upsertProviderProfile(tx, user.id, {
      headline: update.headline,
      title: update.title,
      officeAddress: update.officeAddress,
      bio: update.bio,
      zipCode: update.zipCode,
      disciplineId: update.disciplineIdentifier,
      updatedAt: now,
    });
    if (currency) await dropFeesInOtherCurrencies(tx, user.id, currency);
  });
  return loadProviderProfile(deps.db, deps.storage, input.actor.userId, input.language);
}

/**
 * POST /provider/setup: the onboarding step (SPEC.md §5 "Provider setup"). Therapies,
 * modalities and specialities replace the provider's choices in those preference lists;
 * specialities also become the concerns the provider treats.
 */
export async function setupProvider(
  deps: ProfilesDeps,
  input: { actor: Actor; language: Language; setup: ProviderSetup },
): Promise<ProviderProfile> {
  assertRole(input.actor, 'provider');
  const { setup } = input;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, input.actor.userId);
    const errors = new FieldErrors();
    const { currency } = await checkProviderPlace(tx, errors, setup.countryIdentifier, setup.stateIdentifier);
    const fieldOf: Record<string, string> = {
      therapy: 'therapyIdentifiers',
      modality: 'modalityIdentifiers',
      specialities: 'specialityIdentifiers',
    };
    // Checks the options and, when every field is valid, writes them; else throws every error at once.
    await replacePreferences(tx, {
      userId: user.id,
      role: 'provider',
      errors,
      fieldOf: (list) => fieldOf[list] ?? list,
      update: {
        therapy: setup.therapyIdentifiers,
        modality: setup.modalityIdentifiers,
        specialities: setup.specialityIdentifiers,
      },
    });

    await tx
      .update(users)
      .set({
        countryId: setup.countryIdentifier,
        stateId: setup.stateIdentifier,
        gender: setup.gender,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await upsertProviderProfile(tx, user.id, {
      title: setup.title,
      officeAddress: setup.officeAddress,
      zipCode: setup.zipCode,
      setupCompletedAt: now,
      updatedAt: now,
    });
    if (currency) await dropFeesInOtherCurrencies(tx, user.id, currency);
  });
  return loadProviderProfile(deps.db, deps.storage, input.actor.userId, input.language);
}
