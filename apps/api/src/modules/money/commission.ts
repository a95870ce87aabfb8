import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { commissionRates, countries, users } from '../../db/schema/index.ts';
import { DEFAULT_COMMISSION_BPS } from './ledger-math.ts';

/** The commission rate (basis points) for a provider: their country's row in commission_rates, else 15%. */
export async function commissionRateFor(tx: Tx, providerId: string): Promise<number> {
  const [row] = await tx
    .select({ rateBps: commissionRates.rateBps })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .innerJoin(commissionRates, eq(commissionRates.countryCode, countries.code))
    .where(eq(users.id, providerId));
  return row?.rateBps ?? DEFAULT_COMMISSION_BPS;
}
