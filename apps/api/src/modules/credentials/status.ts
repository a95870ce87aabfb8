import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { providerProfiles } from '../../db/schema/index.ts';

/**
 * A change to qualifications or insurance after approval puts the profile back under review
 * ('submitted'); approved_at stays, so the provider stays listed until the decision
 * (docs/decisions/money-webhook-events-remembered-by-id-verification-still-decides.md).
 */
export async function reviewAgainAfterChange(tx: Tx, providerId: string, now: Date): Promise<void> {
  await tx
    .update(providerProfiles)
    .set({ verificationStatus: 'submitted', updatedAt: now })
    .where(and(eq(providerProfiles.userId, providerId), eq(providerProfiles.verificationStatus, 'approved')));
}
