import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clientProfiles,
  countries,
  preferenceOptions,
  providerBookingFees,
  providerConcerns,
  providerLicenseStates,
  providerProfiles,
  states,
  userPreferences,
  users,
} from '../../db/schema/index.ts';
import type { PersonalDataContributor } from '../../platform/events.ts';

/**
 * The profiles' part of a data export: the person fields of the account, the client or provider
 * profile (picture as its public address, never the storage key), the preference choices, and a
 * provider's fees, licence states and concerns.
 */
export const profilesPersonalData: PersonalDataContributor = {
  section: 'profile',
  async collect(tx: Tx, { userId }) {
    const [person] = await tx
      .select({
        email: users.email,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        dob: users.dob,
        gender: users.gender,
        country: countries.code,
        state: states.nameEn,
        timezone: users.timezone,
        language: users.language,
        signedUpSocially: users.isSocial,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .leftJoin(states, eq(states.id, users.stateId))
      .where(eq(users.id, userId));
    const [client] = await tx
      .select({
        userName: clientProfiles.userName,
        zipCode: clientProfiles.zipCode,
        photoUrl: clientProfiles.photoUrl,
        emergencyContactName: clientProfiles.emergencyContactName,
        emergencyContactPhone: clientProfiles.emergencyContactPhone,
        createdAt: clientProfiles.createdAt,
        updatedAt: clientProfiles.updatedAt,
      })
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, userId));
    const [provider] = await tx
      .select({
        headline: providerProfiles.headline,
        title: providerProfiles.title,
        bio: providerProfiles.bio,
        officeAddress: providerProfiles.officeAddress,
        zipCode: providerProfiles.zipCode,
        photoUrl: providerProfiles.photoUrl,
        verificationStatus: providerProfiles.verificationStatus,
        approvedAt: providerProfiles.approvedAt,
      })
      .from(providerProfiles)
      .where(eq(providerProfiles.userId, userId));
    const preferences = await tx
      .select({ list: userPreferences.list, option: preferenceOptions.key, name: preferenceOptions.nameEn })
      .from(userPreferences)
      .innerJoin(preferenceOptions, eq(preferenceOptions.id, userPreferences.optionId))
      .where(eq(userPreferences.userId, userId));
    const providerExtras = provider
      ? {
          fees: await tx
            .select({
              therapyCategoryId: providerBookingFees.therapyCategoryId,
              feeMinor: providerBookingFees.feeMinor,
              isFree: providerBookingFees.isFree,
              currencyCode: providerBookingFees.currencyCode,
            })
            .from(providerBookingFees)
            .where(eq(providerBookingFees.providerId, userId)),
          licenseStates: (
            await tx
              .select({ state: states.nameEn })
              .from(providerLicenseStates)
              .innerJoin(states, eq(states.id, providerLicenseStates.stateId))
              .where(eq(providerLicenseStates.providerId, userId))
          ).map((row) => row.state),
          concernIds: (
            await tx
              .select({ id: providerConcerns.concernId })
              .from(providerConcerns)
              .where(eq(providerConcerns.providerId, userId))
          ).map((row) => row.id),
        }
      : null;
    return {
      person: person ?? null,
      clientProfile: client ?? null,
      providerProfile: provider ? { ...provider, ...providerExtras } : null,
      preferences,
    };
  },
};
