import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';

/** The reader's first name and zone (every day and time of the overview is in it). */
export async function loadPerson(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<{ firstName: string | null; timezone: string }> {
  const [row] = await deps.db
    .select({ firstName: users.firstName, timezone: users.timezone })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
