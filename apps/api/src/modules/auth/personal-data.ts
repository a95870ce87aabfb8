import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authSessions, termsAcceptances } from '../../db/schema/index.ts';
import type { PersonalDataContributor } from '../../platform/events.ts';

/** The account's part of a data export: sign-in sessions (devices) and the terms acceptance. */
export const accountPersonalData: PersonalDataContributor = {
  section: 'account',
  async collect(tx: Tx, { userId }) {
    const sessions = await tx
      .select({
        createdAt: authSessions.createdAt,
        userAgent: authSessions.userAgent,
        expiresAt: authSessions.expiresAt,
        revokedAt: authSessions.revokedAt,
        revokedReason: authSessions.revokedReason,
      })
      .from(authSessions)
      .where(eq(authSessions.userId, userId))
      .orderBy(asc(authSessions.createdAt));
    const [terms] = await tx
      .select({ acceptedAt: termsAcceptances.acceptedAt })
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, userId));
    return { sessions, termsAcceptedAt: terms?.acceptedAt ?? null };
  },
};
