import type { CalendarFeed } from '@app/shared/schemas/calendar-feeds';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { calendarFeedTokens } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { feedToken, feedTokenHash, feedUrls, newRotation } from './feed-token.ts';

type FeedDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

function view(
  config: FeedDeps['config'],
  userId: string,
  row: { rotation: string; showNames: boolean } | undefined,
): CalendarFeed {
  if (!row) return { httpsUrl: null, webcalUrl: null, showNames: false };
  return { ...feedUrls(config, feedToken(config, userId, row.rotation)), showNames: row.showNames };
}

async function loadFeed(db: Tx, userId: string) {
  const [row] = await db
    .select({ rotation: calendarFeedTokens.rotation, showNames: calendarFeedTokens.showNames })
    .from(calendarFeedTokens)
    .where(eq(calendarFeedTokens.userId, userId));
  return row;
}

/** GET /calendar-feed: the signed-in person's own feed addresses (none until they make one). */
export async function getCalendarFeed(deps: FeedDeps, input: { actor: Actor }): Promise<CalendarFeed> {
  return view(deps.config, input.actor.userId, await loadFeed(deps.db, input.actor.userId));
}

/**
 * POST /calendar-feed/token: makes the person's feed address, or a new one in place of the old
 * (which stops working at once: its hash is gone).
 */
export async function rotateCalendarFeed(deps: FeedDeps, input: { actor: Actor }): Promise<CalendarFeed> {
  const userId = input.actor.userId;
  const rotation = newRotation();
  const tokenHash = feedTokenHash(feedToken(deps.config, userId, rotation));
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(calendarFeedTokens)
    .values({ userId, rotation, tokenHash, createdAt: now, rotatedAt: now })
    .onConflictDoUpdate({ target: calendarFeedTokens.userId, set: { rotation, tokenHash, rotatedAt: now } })
    .returning({ rotation: calendarFeedTokens.rotation, showNames: calendarFeedTokens.showNames });
  return view(deps.config, userId, row);
}

/** PATCH /calendar-feed: whether entries name the other party (first name only); makes the address when absent. */
export async function updateCalendarFeed(
  deps: FeedDeps,
  input: { actor: Actor; showNames: boolean },
): Promise<CalendarFeed> {
  const userId = input.actor.userId;
  const existing = await loadFeed(deps.db, userId);
  if (!existing) {
    await rotateCalendarFeed(deps, { actor: input.actor });
  }
  const [row] = await deps.db
    .update(calendarFeedTokens)
    .set({ showNames: input.showNames })
    .where(eq(calendarFeedTokens.userId, userId))
    .returning({ rotation: calendarFeedTokens.rotation, showNames: calendarFeedTokens.showNames });
  return view(deps.config, userId, row);
}
