import type { Language } from '@app/shared/constants';
import type { PublicProvider } from '@app/shared/schemas/bookings';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  availabilitySettings,
  preferenceOptions,
  providerBookingFees,
  providerDirectory,
  therapyCategories,
  userPreferences,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { localizedName } from '../../platform/localized.ts';
import { upcomingFreeSlots } from '../availability/next-free-slot.ts';
import { publicCredentials } from '../credentials/public-credentials.ts';
import { loadLicenseStates } from '../profiles/provider-license-states.ts';
import { cardContext, cardQuery, listedProvider, toCard } from './card.ts';

/** The next free slots a provider's page lists. */
export const NEXT_SLOTS_SHOWN = 6;

const OFFERED_LISTS = ['modality', 'therapy', 'specialities', 'language', 'therapyApproach'];

/**
 * GET /providers/{id}: the public profile of a listed provider: what they offer (from their
 * preferences: modalities, therapies with their fee, specialities, languages, approaches), the
 * fee in their currency and, approximately, the visitor's, the review summary, the next free
 * slots (availability's engine), the approved licences and education, years in practice and
 * licence states. Anyone else: NOT_FOUND.
 */
export async function getPublicProvider(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { language: Language; providerId: string; visitorCountryCode: string | null },
): Promise<PublicProvider> {
  const [row] = await cardQuery(deps.db).where(
    and(listedProvider(deps.clock.now()), eq(providerDirectory.providerId, input.providerId)),
  );
  if (!row) throw new AppError('NOT_FOUND');
  const [offered, therapyFees, settings, upcoming, credentials, licenseStates] = await Promise.all([
    deps.db
      .select({
        list: userPreferences.list,
        id: preferenceOptions.id,
        key: preferenceOptions.key,
        nameEn: preferenceOptions.nameEn,
        nameDe: preferenceOptions.nameDe,
        categoryId: therapyCategories.id,
      })
      .from(userPreferences)
      .innerJoin(preferenceOptions, eq(preferenceOptions.id, userPreferences.optionId))
      .leftJoin(
        therapyCategories,
        and(eq(userPreferences.list, 'therapy'), eq(therapyCategories.key, preferenceOptions.key)),
      )
      .where(and(eq(userPreferences.userId, row.id), inArray(userPreferences.list, OFFERED_LISTS)))
      .orderBy(asc(preferenceOptions.position)),
    deps.db
      .select({
        categoryId: providerBookingFees.therapyCategoryId,
        feeMinor: providerBookingFees.feeMinor,
        isFree: providerBookingFees.isFree,
        currencyCode: providerBookingFees.currencyCode,
      })
      .from(providerBookingFees)
      .where(eq(providerBookingFees.providerId, row.id)),
    deps.db
      .select({ setupType: availabilitySettings.setupType, sessionMinutes: availabilitySettings.sessionMinutes })
      .from(availabilitySettings)
      .where(eq(availabilitySettings.providerId, row.id)),
    upcomingFreeSlots(deps.db, [{ providerId: row.id, timezone: row.timezone }], deps.clock.now(), NEXT_SLOTS_SHOWN),
    publicCredentials(deps.db, { providerId: row.id, now: deps.clock.now() }),
    loadLicenseStates(deps.db, row.id, input.language),
  ]);
  const slots = upcoming.get(row.id) ?? [];
  const card = toCard(row, cardContext(deps, input), slots[0] ?? null);
  const named = (item: { id: string; key: string; nameEn: string; nameDe: string }) => ({
    identifier: item.id,
    key: item.key,
    name: localizedName(item, input.language),
  });
  const ofList = (list: string) => offered.filter((item) => item.list === list).map(named);
  const feeOf = (categoryId: string) => {
    const fee = therapyFees.find((item) => item.categoryId === categoryId);
    return fee
      ? { amount: fee.isFree ? 0 : fee.feeMinor, isFree: fee.isFree, currencyCode: fee.currencyCode }
      : card.fee;
  };
  return {
    ...card,
    bio: row.bio,
    timezone: row.timezone,
    sessionMinutes: settings[0]?.sessionMinutes ?? 60,
    setupType: settings[0]?.setupType ?? 'GENERAL',
    modalities: ofList('modality'),
    therapies: offered
      .filter((item) => item.list === 'therapy' && item.categoryId)
      .map((item) => ({
        ...named(item),
        identifier: item.categoryId as string,
        fee: feeOf(item.categoryId as string),
      })),
    specialities: ofList('specialities'),
    languages: ofList('language'),
    approaches: ofList('therapyApproach'),
    nextSlots: slots.map((slot) => slot.toISOString()),
    ...credentials,
    licenseStates: licenseStates.map((state) => ({ code: state.code, name: state.name })),
  };
}
