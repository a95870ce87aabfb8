import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { availabilitySettings, availabilityWeeklyDays, users } from '../../db/schema/index.ts';

/** Demo providers work Monday to Friday, 09:00–17:00 in their own zone, 60-minute sessions. */
export async function seedDemoAvailability(db: Tx, providerEmails: readonly string[], now: Date): Promise<void> {
  if (providerEmails.length === 0) return;
  const providers = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [...providerEmails]));
  if (providers.length === 0) return;
  await db
    .insert(availabilitySettings)
    .values(providers.map(({ id }) => ({ providerId: id, setupType: 'GENERAL' as const, sessionMinutes: 60 })))
    .onConflictDoNothing();
  await db
    .insert(availabilityWeeklyDays)
    .values(
      providers.flatMap(({ id }) =>
        [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
          providerId: id,
          categoryId: null,
          dayOfWeek,
          isAvailable: dayOfWeek <= 5,
          intervals: dayOfWeek <= 5 ? [{ startTime: '09:00', endTime: '17:00' }] : [],
          createdAt: now,
          updatedAt: now,
        })),
      ),
    )
    .onConflictDoNothing();
}
