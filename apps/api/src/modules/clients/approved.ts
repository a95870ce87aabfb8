import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { rawRows } from '../../platform/prepared.ts';

/**
 * Whether a provider may reach out to clients (import them, open a conversation, book for them):
 * approved by the back office (approved_at is kept while a change is under review) and not
 * suspended. A draft or rejected profile could otherwise collect strangers' addresses.
 */
export async function isApprovedProvider(db: Tx, providerId: string): Promise<boolean> {
  const [row] = await rawRows<{ approved: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM provider_profiles
                        WHERE user_id = ${providerId} AND approved_at IS NOT NULL AND suspended_at IS NULL) AS approved`,
  );
  return Boolean(row?.approved);
}

/** Refuses (403 PROVIDER_NOT_APPROVED) a provider who is not approved. */
export async function assertApprovedProvider(db: Tx, providerId: string): Promise<void> {
  if (!(await isApprovedProvider(db, providerId))) throw new AppError('PROVIDER_NOT_APPROVED');
}
