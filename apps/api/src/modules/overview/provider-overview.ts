import type { Language } from '@app/shared/constants';
import { dayBounds } from '@app/shared/day-bounds';
import type { ListingRequirement } from '@app/shared/listing-rules';
import {
  INSURANCE_EXPIRY_WARNING_DAYS,
  OVERVIEW_LIMITS,
  type ProviderChecklistEntry,
  type ProviderOverview,
  type ProviderStanding,
} from '@app/shared/schemas/overview';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, providerDirectory, providerProfiles, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { prepared } from '../../platform/prepared.ts';
import { weeklyHoursSql } from '../availability/service.ts';
import { listedProviderSql, listingFactColumns, listingMissingOf, utcDay } from '../credentials/listing.ts';
import { credentialFactsSql, credentialsMissingOf } from '../credentials/views.ts';
import { unreadMessagesSql } from '../messages/conversations.ts';
import { holderCurrency } from '../money/account-holder.ts';
import { getEarningsGlance } from '../money/earnings.ts';
import { unreadNotificationsSql } from '../notifications/inbox.ts';
import { missingSetupOf, setupPresenceSql } from '../profiles/provider-service.ts';
import { listComingSessions, listRescheduleRequests, withSeriesOf } from './booking-lists.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Everything of the overview that is one row per provider, in one prepared statement: the
 * provider's standing (the listing rule evaluated by the database, credentials/listing.ts), the
 * checklists' facts as each module states them, and the two unread counts.
 */
function glanceQuery(db: Tx, name: string) {
  const id = sql`${sql.placeholder('id')}::uuid`;
  const now = sql`${sql.placeholder('now')}`;
  const credentials = credentialFactsSql(id);
  return db
    .select({
      firstName: users.firstName,
      timezone: users.timezone,
      countryCode: sql<
        string | null
      >`(SELECT ${countries.code} FROM ${countries} WHERE ${countries.id} = ${users.countryId})`,
      status: providerProfiles.verificationStatus,
      suspendedAt: users.suspendedAt,
      listed: sql<boolean>`${listedProviderSql(providerProfiles.userId, now)}`,
      listing: listingFactColumns,
      setup: setupPresenceSql(id),
      hasHours: weeklyHoursSql(id),
      hasLicense: credentials.hasLicense,
      latestInsurance: credentials.latestInsurance,
      unreadMessages: unreadMessagesSql(id),
      unreadNotifications: unreadNotificationsSql(id),
    })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .leftJoin(providerDirectory, eq(providerDirectory.providerId, users.id))
    .where(eq(users.id, id))
    .prepare(name);
}

async function loadGlance(deps: Pick<AppDeps, 'db' | 'clock'>, providerId: string, now: Date) {
  const [row] = await prepared(deps.db, 'overview_provider_glance', (name) => glanceQuery(deps.db, name)).execute({
    id: providerId,
    now: now.toISOString(),
  });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

function standingOf(row: Awaited<ReturnType<typeof loadGlance>>, missing: ListingRequirement[]): ProviderStanding {
  if (row.suspendedAt) return 'suspended';
  if (row.listed) return 'live';
  if (row.status === 'submitted') return 'awaitingReview';
  if (row.status === 'rejected') return 'rejected';
  if (row.listing.approvedAt !== null) return missing.includes('insurance') ? 'insuranceLapsed' : 'incomplete';
  return 'notSubmitted';
}

/**
 * A provider's overview: where they stand in the directory and what is missing, today's and the
 * next sessions, the reschedules waiting on them, this month's earnings and what they can withdraw.
 */
export async function providerOverview(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; language: Language },
): Promise<ProviderOverview> {
  const { actor, language } = input;
  const now = deps.clock.now();
  const userId = actor.userId;
  const today = utcDay(now);
  const row = await loadGlance(deps, userId, now);
  const day = dayBounds(now, row.timezone);
  const [todays, next, rescheduleRequests, earnings] = await Promise.all([
    listComingSessions(deps, { userId, party: 'provider', now, before: day.end, limit: 20, language }),
    listComingSessions(deps, {
      userId,
      party: 'provider',
      now,
      from: day.end,
      limit: OVERVIEW_LIMITS.upcoming,
      language,
    }),
    listRescheduleRequests(deps, {
      userId,
      party: 'provider',
      now,
      limit: OVERVIEW_LIMITS.rescheduleRequests,
      language,
    }),
    getEarningsGlance(deps.db, {
      holder: { id: userId, currency: holderCurrency(row.countryCode), timezone: row.timezone },
      now,
    }),
  ]);
  const [todayLines = [], upcoming = []] = await withSeriesOf(deps, { userId, party: 'provider', language }, [
    todays,
    next,
  ]);
  const credentialsMissing = credentialsMissingOf(row, now);
  const notListed = listingMissingOf(row.listing, now);
  const setupMissing = missingSetupOf(row.setup);
  const expiresOn = row.listing.insuranceExpiresOn;
  const warnUntil = utcDay(new Date(now.getTime() + INSURANCE_EXPIRY_WARNING_DAYS * DAY_MS));
  const expiringSoon = expiresOn !== null && expiresOn >= today && expiresOn <= warnUntil;
  const entry = (item: ProviderChecklistEntry['item'], done: boolean): ProviderChecklistEntry => ({
    item,
    done,
    expiresOn: null,
    expiringSoon: false,
  });
  const checklist: ProviderChecklistEntry[] = [
    entry(
      'profile',
      setupMissing.every((item) => item === 'bookingFee'),
    ),
    entry('fees', !setupMissing.includes('bookingFee')),
    entry('availability', row.hasHours),
    entry('credentials', !credentialsMissing.includes('license')),
    {
      item: 'insurance',
      done: !credentialsMissing.includes('insurance') && !expiringSoon,
      expiresOn,
      expiringSoon,
    },
  ];
  return {
    role: 'provider',
    firstName: row.firstName,
    timezone: row.timezone,
    standing: standingOf(row, notListed),
    checklist,
    listingMissing: notListed,
    today: todayLines,
    upcoming,
    rescheduleRequests,
    earnings: { currency: earnings.currency, thisMonth: earnings.thisMonthEarned, available: earnings.available },
    unreadMessages: row.unreadMessages,
    unreadNotifications: row.unreadNotifications,
  };
}
