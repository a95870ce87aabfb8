import { eq } from 'drizzle-orm';
import { authIdentities, authIdentityLinks } from '../../db/schema/index.ts';
import type { AccountDeletingHandler } from '../../platform/events.ts';

/**
 * On account deletion: the Google link goes (that Google account may sign up afresh later) and so
 * does any link still waiting for proof, with the Google addresses they hold.
 */
export function googleIdentityDeletionHook(): AccountDeletingHandler {
  return async (tx, event) => {
    await tx.delete(authIdentities).where(eq(authIdentities.userId, event.userId));
    await tx.delete(authIdentityLinks).where(eq(authIdentityLinks.userId, event.userId));
  };
}
