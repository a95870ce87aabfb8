import type { Language } from '@app/shared/constants';
import { currencyForCountryOrDefault } from '@app/shared/currency';
import type { DirectoryProvider, PublicProvider } from '@app/shared/schemas/bookings';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  availabilitySettings,
  countries,
  preferenceOptions,
  providerBookingFees,
  providerProfiles,
  therapyCategories,
  userPreferences,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { localizedName } from '../../platform/localized.ts';
import { publicStorage } from '../../platform/storage.ts';
import { nextFreeSlots } from '../availability/next-free-slot.ts';
import { personName, type ViewContext } from '../bookings/booking-view.ts';
import { listedProviderSql } from '../credentials/listing.ts';
import { photoUrls } from '../profiles/photo-urls.ts';

// Listed: approved (kept while a change is under review) and insurance not lapsed (credentials/listing.ts).
const publicProvider = and(
  eq(users.role, 'provider'),
  isNull(users.deletedAt),
  listedProviderSql(providerProfiles, sql`(now() AT TIME ZONE 'UTC')::date`),
);

function cardQuery(db: Tx) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      timezone: users.timezone,
      countryCode: countries.code,
      title: providerProfiles.title,
      headline: providerProfiles.headline,
      bio: providerProfiles.bio,
      photoUrl: providerProfiles.photoUrl,
      photoKey: providerProfiles.photoKey,
      feeMinor: providerBookingFees.feeMinor,
      feeIsFree: providerBookingFees.isFree,
      feeCurrency: providerBookingFees.currencyCode,
    })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(
      providerBookingFees,
      and(eq(providerBookingFees.providerId, users.id), isNull(providerBookingFees.therapyCategoryId)),
    )
    .$dynamic();
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

function toCard(
  row: CardRow,
  context: ViewContext,
  visitorCurrencyCode: string,
  nextAvailableAt: Date | null | undefined,
): DirectoryProvider {
  return {
    identifier: row.id,
    name: personName({ firstName: row.firstName, lastName: row.lastName, email: '' }),
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    photo: photoUrls(context.storage, { photoUrl: row.photoUrl, photoKey: row.photoKey }).photoUrl,
    headline: row.headline,
    countryCode: row.countryCode,
    fee:
      row.feeMinor === null || row.feeCurrency === null
        ? null
        : { amount: row.feeIsFree ? 0 : row.feeMinor, isFree: Boolean(row.feeIsFree), currencyCode: row.feeCurrency },
    visitorCurrencyCode,
    nextAvailableAt: nextAvailableAt ? nextAvailableAt.toISOString() : null,
  };
}

/**
 * GET /providers?countryCode&page: approved providers (of a country when asked), newest
 * approval first, each with the general fee in the provider's currency, the visitor's currency
 * code beside it (no conversion) and the next free slot. Five queries per page, whatever its size.
 */
export async function listProviders(
  deps: AppDeps,
  input: {
    language: Language;
    countryCode?: string;
    visitorCountryCode: string | null;
    page: number;
    perPage: number;
  },
): Promise<{ data: DirectoryProvider[]; meta: { page: number; perPage: number; total: number; totalPages: number } }> {
  const where = and(publicProvider, input.countryCode ? eq(countries.code, input.countryCode) : undefined);
  const [counted] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(where);
  const total = counted?.total ?? 0;
  const rows = await cardQuery(deps.db)
    .where(where)
    .orderBy(sql`${providerProfiles.approvedAt} DESC NULLS LAST`, asc(users.id))
    .limit(input.perPage)
    .offset((input.page - 1) * input.perPage);
  const next = await nextFreeSlots(
    deps.db,
    rows.map((row) => ({ providerId: row.id, timezone: row.timezone })),
    deps.clock.now(),
  );
  const context = { language: input.language, storage: publicStorage(deps.config) };
  const visitorCurrency = currencyForCountryOrDefault(input.visitorCountryCode);
  return {
    data: rows.map((row) => toCard(row, context, visitorCurrency, next.get(row.id))),
    meta: { page: input.page, perPage: input.perPage, total, totalPages: Math.ceil(total / input.perPage) },
  };
}

/**
 * GET /providers/{id}: the public profile of an approved provider: what they offer (from their
 * preferences: modalities, therapies with their fee, specialities), fees, calendar basics and
 * the next free slot. Reviews do not exist yet (rating null). Anyone else: NOT_FOUND.
 */
export async function getPublicProvider(
  deps: AppDeps,
  input: { language: Language; providerId: string; visitorCountryCode: string | null },
): Promise<PublicProvider> {
  const [row] = await cardQuery(deps.db).where(and(publicProvider, eq(users.id, input.providerId)));
  if (!row) throw new AppError('NOT_FOUND');
  const [offered, therapyFees, settings, next] = await Promise.all([
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
      .where(
        and(eq(userPreferences.userId, row.id), inArray(userPreferences.list, ['modality', 'therapy', 'specialities'])),
      )
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
    nextFreeSlots(deps.db, [{ providerId: row.id, timezone: row.timezone }], deps.clock.now()),
  ]);
  const context = { language: input.language, storage: publicStorage(deps.config) };
  const card = toCard(row, context, currencyForCountryOrDefault(input.visitorCountryCode), next.get(row.id));
  const named = (item: { id: string; key: string; nameEn: string; nameDe: string }) => ({
    identifier: item.id,
    key: item.key,
    name: localizedName(item, input.language),
  });
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
    modalities: offered.filter((item) => item.list === 'modality').map(named),
    therapies: offered
      .filter((item) => item.list === 'therapy' && item.categoryId)
      .map((item) => ({
        ...named(item),
        identifier: item.categoryId as string,
        fee: feeOf(item.categoryId as string),
      })),
    specialities: offered.filter((item) => item.list === 'specialities').map(named),
    rating: null,
    reviewCount: 0,
  };
}
