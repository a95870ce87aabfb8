import type { Language } from '@app/shared/constants';
import { currencyForCountry, DEFAULT_CURRENCY } from '@app/shared/currency';
import type { DirectoryProvider } from '@app/shared/schemas/bookings';
import { eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, providerDirectory, providerProfiles, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { slugOf } from '../../platform/slug.ts';
import { publicStorage, type Storage } from '../../platform/storage.ts';
import { listedRowSql } from '../credentials/listing.ts';
import { personName } from '../profiles/person-json.ts';
import { photoUrls } from '../profiles/photo-urls.ts';
import { summaryOf } from '../reviews/read-reviews.ts';
import { convertMinor, exchangeRates, type Rates } from './exchange-rates.ts';

/**
 * Listed at `now`: the listing rule of credentials/listing.ts (@app/shared/listing-rules: a
 * provider account, not deleted, approved, not suspended, insurance current, a fee, a free slot
 * soon) on the directory row — the one rule of who is public. `now` is a Date, or a placeholder
 * in a prepared search.
 */
export function listedProvider(now: Date | SQL): SQL {
  return listedRowSql(providerDirectory, now);
}

/** What a card shows, read from the directory row and its provider. */
export const cardColumns = {
  id: providerDirectory.providerId,
  firstName: users.firstName,
  lastName: users.lastName,
  timezone: users.timezone,
  countryCode: countries.code,
  title: providerProfiles.title,
  headline: providerProfiles.headline,
  bio: providerProfiles.bio,
  photoUrl: providerProfiles.photoUrl,
  photoKey: providerProfiles.photoKey,
  feeMinor: providerDirectory.feeMinor,
  feeCurrency: providerDirectory.feeCurrency,
  feeIsFree: providerDirectory.feeIsFree,
  reviewCount: providerDirectory.reviewCount,
  ratingSumHalves: providerDirectory.ratingSumHalves,
  stateId: providerDirectory.stateId,
  gender: providerDirectory.gender,
  religionId: providerDirectory.religionId,
  ethnicityId: providerDirectory.ethnicityId,
  nextAvailableAt: providerDirectory.nextAvailableAt,
};

/** provider_directory with its provider's account, profile and country: the FROM of every directory read. */
export function cardQuery(db: Tx) {
  return cardQueryWith(db, {});
}

/** cardQuery with more columns (a search's sort keys). */
export function cardQueryWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: Pick<Tx, 'select'>, extra: Extra) {
  return db
    .select({ ...cardColumns, ...extra })
    .from(providerDirectory)
    .innerJoin(users, eq(users.id, providerDirectory.providerId))
    .innerJoin(providerProfiles, eq(providerProfiles.userId, providerDirectory.providerId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .$dynamic();
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

/** How a card is rendered for one visitor: language, where pictures live, their currency and the rates. */
export interface CardContext {
  language: Language;
  storage: Storage;
  visitorCurrencyCode: string;
  rates: Rates;
}

export function cardContext(
  deps: Pick<AppDeps, 'config'>,
  input: { language: Language; visitorCountryCode: string | null },
): CardContext {
  return {
    language: input.language,
    storage: publicStorage(deps.config),
    visitorCurrencyCode: currencyForCountry(input.visitorCountryCode, { fallback: DEFAULT_CURRENCY }),
    rates: exchangeRates(deps.config),
  };
}

/** The URL words of a provider's page address: their name in any script, transliterated. */
export function providerSlug(person: { firstName: string | null; lastName: string | null }): string {
  return slugOf(personName({ firstName: person.firstName, lastName: person.lastName, email: '' }));
}

export function toCard(
  row: CardRow,
  context: CardContext,
  nextAvailableAt: Date | null | undefined,
): DirectoryProvider {
  const fee =
    row.feeMinor === null || row.feeCurrency === null
      ? null
      : { amount: row.feeIsFree ? 0 : row.feeMinor, isFree: Boolean(row.feeIsFree), currencyCode: row.feeCurrency };
  const converted =
    fee && !fee.isFree && fee.currencyCode !== context.visitorCurrencyCode
      ? convertMinor(fee.amount, fee.currencyCode, context.visitorCurrencyCode, context.rates)
      : null;
  const summary = summaryOf(row.id, row.reviewCount, row.ratingSumHalves);
  return {
    identifier: row.id,
    slug: providerSlug(row),
    name: personName({ firstName: row.firstName, lastName: row.lastName, email: '' }),
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    photo: photoUrls(context.storage, { photoUrl: row.photoUrl, photoKey: row.photoKey }).photoUrl,
    headline: row.headline,
    countryCode: row.countryCode,
    fee,
    visitorCurrencyCode: context.visitorCurrencyCode,
    visitorFee: converted === null ? null : { amount: converted, currencyCode: context.visitorCurrencyCode },
    nextAvailableAt: nextAvailableAt ? nextAvailableAt.toISOString() : null,
    rating: summary.average,
    reviewCount: summary.count,
  };
}
