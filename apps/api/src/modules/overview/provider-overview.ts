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
import { providerProfiles, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { publicStorage } from '../../platform/storage.ts';
import { hasWeeklyHours } from '../availability/service.ts';
import { listedProviderSql, listingMissing, utcDay } from '../credentials/listing.ts';
import { missingItems } from '../credentials/views.ts';
import { countUnread } from '../messages/conversations.ts';
import { getEarningsGlance } from '../money/earnings.ts';
import { countUnreadNotifications } from '../notifications/inbox.ts';
import { loadProviderProfile } from '../profiles/provider-service.ts';
import { listComingSessions, listRescheduleRequests, withSeriesOf } from './booking-lists.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The provider's row with the listing rule evaluated by the database (credentials/listing.ts). */
async function loadStandingRow(deps: Pick<AppDeps, 'db' | 'clock'>, providerId: string, _today: string) {
  const [row] = await deps.db
    .select({
      firstName: users.firstName,
      timezone: users.timezone,
      status: providerProfiles.verificationStatus,
      suspendedAt: users.suspendedAt,
      insuranceExpiresOn: providerProfiles.insuranceExpiresOn,
      listed: sql<boolean>`${listedProviderSql(providerProfiles.userId, deps.clock.now())}`,
      approved: sql<boolean>`${providerProfiles.approvedAt} IS NOT NULL`,
    })
    .from(users)
    .leftJoin(providerProfiles, eq(providerProfiles.userId, users.id))
    .where(eq(users.id, providerId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

function standingOf(row: Awaited<ReturnType<typeof loadStandingRow>>, missing: ListingRequirement[]): ProviderStanding {
  if (row.suspendedAt) return 'suspended';
  if (row.listed) return 'live';
  if (row.status === 'submitted') return 'awaitingReview';
  if (row.status === 'rejected') return 'rejected';
  if (row.approved) return missing.includes('insurance') ? 'insuranceLapsed' : 'incomplete';
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
  const row = await loadStandingRow(deps, userId, today);
  const day = dayBounds(now, row.timezone);
  const [
    profile,
    credentialsMissing,
    hasHours,
    todays,
    next,
    rescheduleRequests,
    earnings,
    messages,
    notices,
    notListed,
  ] = await Promise.all([
    loadProviderProfile(deps.db, publicStorage(deps.config), userId, language),
    missingItems(deps.db, { providerId: userId, now }),
    hasWeeklyHours(deps, { providerId: userId }),
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
    getEarningsGlance(deps.db, { userId, now }),
    countUnread(deps, { actor }),
    countUnreadNotifications(deps, { actor }),
    listingMissing(deps.db, { providerId: userId, now }),
  ]);
  const [todayLines = [], upcoming = []] = await withSeriesOf(deps, { userId, party: 'provider', language }, [
    todays,
    next,
  ]);
  const setupMissing = profile.setup.missing;
  const expiresOn = row.insuranceExpiresOn;
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
    entry('availability', hasHours),
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
    unreadMessages: messages.count,
    unreadNotifications: notices.count,
  };
}
