import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';

/**
 * Clients may sign in before verifying their email address ("do later", SPEC §6); what they may
 * not do until then is listed in @app/shared/verification-rules. Modules ask here.
 */
export async function isEmailVerified(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.verifiedAt);
}

/** Throws EMAIL_VERIFICATION_REQUIRED (403) for a user whose address is not verified yet. */
export async function requireVerifiedEmail(db: Tx, userId: string): Promise<void> {
  if (!(await isEmailVerified(db, userId))) throw new AppError('EMAIL_VERIFICATION_REQUIRED');
}
