import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { preparedSql } from '../../platform/prepared.ts';
import { unreadMessagesSql } from '../messages/conversations.ts';
import { unreadNotificationsSql } from '../notifications/inbox.ts';
import { hasAnyBookingSql } from './booking-lists.ts';

export interface Person {
  firstName: string | null;
  timezone: string;
}

/** The reader's first name and zone (every day and time of the overview is in it). */
export async function loadPerson(deps: Pick<AppDeps, 'db'>, userId: string): Promise<Person> {
  const [row] = await deps.db
    .select({ firstName: users.firstName, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

interface PersonWithCounts extends Person {
  unreadMessages: number;
  unreadNotifications: number;
  hasBookings: boolean;
}

const userId = sql`${sql.placeholder('userId')}::uuid`;

/**
 * The reader's row with the counts the owning modules define (messages, notifications, whether
 * they ever booked) as one prepared statement: one round trip instead of four.
 */
const personWithCounts = preparedSql<PersonWithCounts>('overview_person_counts', () => ({
  select: sql`SELECT ${users.firstName} AS "firstName", ${users.timezone} AS timezone,
    ${unreadMessagesSql(userId)} AS "unreadMessages", ${unreadNotificationsSql(userId)} AS "unreadNotifications",
    ${hasAnyBookingSql(userId)} AS "hasBookings"
    FROM ${users} WHERE ${users.id} = ${userId}`,
  columns: ['firstName', 'timezone', 'unreadMessages', 'unreadNotifications', 'hasBookings'],
}));

export async function loadPersonWithCounts(deps: Pick<AppDeps, 'db'>, id: string): Promise<PersonWithCounts> {
  const [row] = await personWithCounts(deps.db, { userId: id });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
