import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { authTokens } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './secrets.ts';

export type LinkPurpose = 'verify_email' | 'reset_password';

/** docs/decisions/accounts-email-links-and-codes.md: verification links live 24 h, reset links 1 h. */
export const LINK_TTL_SECONDS: Record<LinkPurpose, number> = {
  verify_email: 24 * 3600,
  reset_password: 3600,
};

/** Issues a fresh link token; earlier unused ones of the same purpose stop working. Returns the raw token. */
export async function issueLinkToken(
  tx: Tx,
  input: { userId: string; purpose: LinkPurpose; now: Date },
): Promise<string> {
  await discardTokens(tx, input.userId, input.purpose);
  const token = randomToken();
  await tx.insert(authTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + LINK_TTL_SECONDS[input.purpose] * 1000),
  });
  return token;
}

/**
 * Marks a live link token used and answers its user, or null when it is unknown, used or expired.
 * One UPDATE, so two concurrent redemptions cannot both succeed.
 */
export async function consumeLinkToken(
  tx: Tx,
  input: { token: string; purpose: LinkPurpose; now: Date },
): Promise<string | null> {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(authTokens.tokenHash, sha256(input.token)),
        eq(authTokens.purpose, input.purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/** Removes a user's unused tokens of one purpose (or of every purpose). */
export async function discardTokens(tx: Tx, userId: string, purpose?: LinkPurpose | 'change_email'): Promise<void> {
  await tx
    .delete(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        purpose ? eq(authTokens.purpose, purpose) : undefined,
        isNull(authTokens.usedAt),
      ),
    );
}
