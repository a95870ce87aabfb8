import type { Language } from '@app/shared/constants';
import type { PublicProvider } from '@app/shared/schemas/bookings';
import { REVIEWS_PAGE_SIZE, type ReviewSort } from '@app/shared/schemas/reviews';
import { and, eq, sql } from 'drizzle-orm';
import { bookings, providerDirectory, providerProfiles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { localizedName } from '../../platform/localized.ts';
import { prepared } from '../../platform/prepared.ts';
import { blockedTimeJsonSql, blockedTimeOf } from '../availability/blocked-time.ts';
import { busyWhere } from '../availability/calendar-data.ts';
import {
  type CalendarRows,
  freeSlotsOf,
  latestWindowEndMs,
  overrideDates,
  rulesReachOf,
} from '../availability/next-free-slot.ts';
import { credentialsOf } from '../credentials/public-credentials.ts';
import { licenseStatesOf } from '../profiles/provider-license-states.ts';
import { firstReviewRows, firstReviewsJsonSql } from '../reviews/read-reviews.ts';
import type { ReviewRow } from '../reviews/review-view.ts';
import { cardContext, cardQueryWith, listedProvider, toCard } from './card.ts';

/** The next free slots a provider's page lists. */
export const NEXT_SLOTS_SHOWN = 6;

const OFFERED_LISTS = ['modality', 'therapy', 'specialities', 'language', 'therapyApproach'];

/** A JSON array of the rows a subquery selects (`[]` when none): `rows` names `row`'s columns. */
const jsonRows = <Row>(object: string, from: string, order = '') =>
  sql<
    Row[]
  >`(SELECT coalesce(json_agg(json_build_object(${sql.raw(object)})${sql.raw(order ? ` ORDER BY ${order}` : '')}), '[]'::json) ${sql.raw(from)})`;

type Offered = { list: string; id: string; key: string; nameEn: string; nameDe: string; categoryId: string | null };
type Fee = { categoryId: string | null; feeMinor: number; isFree: boolean; currencyCode: string };
type Settings = Omit<CalendarRows['settings'][number], 'providerId'> | null;

/**
 * Everything a provider's page shows, in one statement prepared once per connection (and per
 * order of reviews): the card's row (listed at `now`), and beside it as JSON what the page lists
 * (what they offer, fees per therapy, the calendar's rules, busy and blocked time as far as the
 * rules look from the latest window end of any zone, for the next free slots, the approved
 * qualifications, the work history, the licence states), how many visible reviews they have and,
 * for the web page, the first page of them. One round trip instead of one per list, and no SQL
 * text built per page: building the text of a dozen queries cost more than the driver's whole
 * work.
 */
function providerPageQuery(db: AppDeps['db'], reviewsSort: ReviewSort | null) {
  const provider = sql.raw('provider_directory.provider_id');
  return cardQueryWith(db, {
    // The first page of reviews, when the page shows them: the reviews module's own statement of it.
    firstReviews: reviewsSort
      ? firstReviewsJsonSql(db, provider, reviewsSort, REVIEWS_PAGE_SIZE)
      : sql<unknown[]>`'[]'::json`,
    approvedAt: sql<string | null>`${providerProfiles.approvedAt}`,
    offered: jsonRows<Offered>(
      `'list', up.list, 'id', po.id, 'key', po.key, 'nameEn', po.name_en, 'nameDe', po.name_de, 'categoryId', tc.id`,
      `FROM user_preferences up JOIN preference_options po ON po.id = up.option_id
        LEFT JOIN therapy_categories tc ON up.list = 'therapy' AND tc.key = po.key
        WHERE up.user_id = provider_directory.provider_id
          AND up.list IN (${OFFERED_LISTS.map((list) => `'${list}'`).join(', ')})`,
      'po.position',
    ),
    fees: jsonRows<Fee>(
      `'categoryId', f.therapy_category_id, 'feeMinor', f.fee_minor, 'isFree', f.is_free, 'currencyCode', f.currency_code`,
      'FROM provider_booking_fees f WHERE f.provider_id = provider_directory.provider_id',
    ),
    settings: sql<Settings>`(SELECT json_build_object('setupType', s.setup_type, 'sessionMinutes', s.session_minutes,
        'minNoticeHours', s.min_notice_hours, 'horizonDays', s.horizon_days,
        'bufferBeforeMinutes', s.buffer_before_minutes, 'bufferAfterMinutes', s.buffer_after_minutes,
        'dailyMax', s.daily_max, 'weeklyMax', s.weekly_max)
      FROM availability_settings s WHERE s.provider_id = ${provider})`,
    categorySettings: jsonRows<Omit<CalendarRows['categorySettings'][number], 'providerId'>>(
      `'categoryId', c.category_id, 'sessionMinutes', c.session_minutes`,
      'FROM availability_category_settings c WHERE c.provider_id = provider_directory.provider_id',
    ),
    weekly: jsonRows<Omit<CalendarRows['weekly'][number], 'providerId'>>(
      `'categoryId', w.category_id, 'dayOfWeek', w.day_of_week, 'isAvailable', w.is_available, 'intervals', w.intervals`,
      'FROM availability_weekly_days w WHERE w.provider_id = provider_directory.provider_id',
    ),
    overrides: sql<Omit<CalendarRows['overrides'][number], 'providerId'>[]>`(SELECT coalesce(json_agg(json_build_object(
        'categoryId', o.category_id, 'date', o.date, 'isAvailable', o.is_available, 'intervals', o.intervals)), '[]'::json)
      FROM availability_date_overrides o WHERE o.provider_id = ${provider}
        AND o.date BETWEEN ${sql.placeholder('firstDate')}::date AND ${sql.placeholder('lastDate')}::date)`,
    busy: sql<{ startsAt: string; endsAt: string }[]>`(SELECT coalesce(json_agg(json_build_object(
        'startsAt', ${bookings.startsAt}, 'endsAt', ${bookings.endsAt}) ORDER BY ${bookings.startsAt}), '[]'::json)
      FROM ${bookings} WHERE ${busyWhere({
        provider: sql`${bookings.providerId} = ${provider}`,
        from: sql.placeholder('reachFrom'),
        to: sql.placeholder('reachTo'),
        now: sql.placeholder('now'),
      })})`,
    blocked: blockedTimeJsonSql(provider, sql`${sql.placeholder('reachFrom')}`, sql`${sql.placeholder('reachTo')}`),
    approved: jsonRows<{ type: string; body: string | null; credentialNumber: string | null; title: string | null }>(
      `'type', q.type, 'body', q.body, 'credentialNumber', q.credential_number, 'title', q.title`,
      `FROM qualifications q WHERE q.provider_id = provider_directory.provider_id
        AND q.type IN ('license', 'education') AND q.updated_at <= provider_profiles.approved_at`,
      'q.created_at',
    ),
    periods: jsonRows<{ startMonth: string; endMonth: string | null; currentlyWorksHere: boolean }>(
      `'startMonth', h.start_month, 'endMonth', h.end_month, 'currentlyWorksHere', h.currently_works_here`,
      'FROM work_history h WHERE h.provider_id = provider_directory.provider_id',
    ),
    licenseStates: jsonRows<{ id: string; code: string; nameEn: string; nameDe: string }>(
      `'id', st.id, 'code', st.code, 'nameEn', st.name_en, 'nameDe', st.name_de`,
      `FROM provider_license_states ls JOIN states st ON st.id = ls.state_id
        WHERE ls.provider_id = provider_directory.provider_id`,
    ),
    reviewTotal: sql<number>`(SELECT count(*)::int FROM reviews r
      WHERE r.provider_id = ${provider} AND r.hidden_at IS NULL)`.mapWith(Number),
  })
    .where(and(listedProvider(sql`${sql.placeholder('now')}`), eq(providerDirectory.providerId, sql.placeholder('id'))))
    .prepare(providerPageStatement(reviewsSort));
}

const providerPageStatement = (reviewsSort: ReviewSort | null) =>
  reviewsSort ? `directory_provider_page_reviews_${reviewsSort}` : 'directory_provider_page';

/** GET /providers/{id} (providerPage's profile). */
export async function getPublicProvider(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { language: Language; providerId: string; visitorCountryCode: string | null },
): Promise<PublicProvider> {
  return (await providerPage(deps, input)).provider;
}

/**
 * The public profile of a listed provider: what they offer (from their
 * preferences: modalities, therapies with their fee, specialities, languages, approaches), the
 * fee in their currency and, approximately, the visitor's, the review summary, the next free
 * slots (availability's engine), the approved licences and education, years in practice and
 * licence states, and how many visible reviews they have. Anyone else: NOT_FOUND.
 */
export async function providerPage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: {
    language: Language;
    providerId: string;
    visitorCountryCode: string | null;
    /** The order of the first page of reviews to read with the rest (none when not given). */
    reviewsSort?: ReviewSort;
  },
): Promise<{ provider: PublicProvider; reviewTotal: number; firstReviews: ReviewRow[] }> {
  const now = deps.clock.now();
  // The rules are read up to the latest window end of any zone: the provider's zone is in the same row.
  const lastEndMs = latestWindowEndMs(now.getTime());
  const reach = rulesReachOf(now, lastEndMs);
  const reviewsSort = input.reviewsSort ?? null;
  const [row] = await prepared(deps.db, providerPageStatement(reviewsSort), () =>
    providerPageQuery(deps.db, reviewsSort),
  ).execute({
    id: input.providerId,
    now: now.toISOString(),
    ...overrideDates(now, lastEndMs),
    reachFrom: new Date(reach.startMs).toISOString(),
    reachTo: new Date(reach.endMs).toISOString(),
  });
  if (!row) throw new AppError('NOT_FOUND');
  const owner = { providerId: row.id, timezone: row.timezone };
  const ofProvider = <Row>(rows: Row[]) => rows.map((item) => ({ ...item, providerId: row.id }));
  const upcoming = freeSlotsOf(
    {
      settings: row.settings ? [{ ...row.settings, providerId: row.id }] : [],
      categorySettings: ofProvider(row.categorySettings),
      weekly: ofProvider(row.weekly),
      overrides: ofProvider(row.overrides),
      busy: row.busy.map((item) => ({
        providerId: row.id,
        startsAt: new Date(item.startsAt),
        endsAt: new Date(item.endsAt),
      })),
      blockedOf: new Map([[row.id, blockedTimeOf(row.blocked)]]),
    },
    [owner],
    now,
    NEXT_SLOTS_SHOWN,
  );
  const slots = upcoming.get(row.id) ?? [];
  const card = toCard(row, cardContext(deps, input), slots[0] ?? null);
  const { offered, fees: therapyFees, settings } = row;
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
  const provider: PublicProvider = {
    ...card,
    bio: row.bio,
    timezone: row.timezone,
    sessionMinutes: settings?.sessionMinutes ?? 60,
    setupType: settings?.setupType ?? 'GENERAL',
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
    ...credentialsOf({ approvedAt: row.approvedAt, approved: row.approved, periods: row.periods, now }),
    licenseStates: licenseStatesOf(row.licenseStates, input.language).map((state) => ({
      code: state.code,
      name: state.name,
    })),
  };
  return { provider, reviewTotal: row.reviewTotal, firstReviews: firstReviewRows(row.firstReviews) };
}
