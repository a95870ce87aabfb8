import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { availabilitySettings, availabilityWeeklyDays, users } from '../../db/schema/index.ts';

export interface DemoHours {
  email: string;
  /** ISO weekdays (1 = Monday) the provider works. */
  days: readonly number[];
  /** One range of wall-clock hours in the provider's zone, "HH:MM". */
  hours: readonly [string, string];
}

/** Each demo provider's weekly hours in their own zone (one general calendar, 60-minute sessions). */
export async function seedDemoAvailability(db: Tx, practices: readonly DemoHours[], now: Date): Promise<void> {
  if (practices.length === 0) return;
  const providers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        practices.map((practice) => practice.email),
      ),
    );
  if (providers.length === 0) return;
  await db
    .insert(availabilitySettings)
    .values(providers.map(({ id }) => ({ providerId: id, setupType: 'GENERAL' as const, sessionMinutes: 60 })))
    .onConflictDoNothing();
  await db
    .insert(availabilityWeeklyDays)
    .values(
      providers.flatMap(({ id, email }) => {
        const practice = practices.find((item) => item.email === email);
        if (!practice) return [];
        return [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => {
          const works = practice.days.includes(dayOfWeek);
          return {
            providerId: id,
            categoryId: null,
            dayOfWeek,
            isAvailable: works,
            intervals: works ? [{ startTime: practice.hours[0], endTime: practice.hours[1] }] : [],
            createdAt: now,
            updatedAt: now,
          };
        });
      }),
    )
    .onConflictDoNothing();
}
