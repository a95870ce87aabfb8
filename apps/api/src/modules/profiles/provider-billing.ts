import type { ProviderBillingDetails, ProviderBillingDetailsUpdateSchema } from '@app/shared/schemas/documents';
import type { z } from '@app/shared/zod';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, providerBillingDetails, states } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import { assertRole, FieldErrors, lockUser } from './checks.ts';
import type { ProfilesDeps } from './deps.ts';

const EMPTY: ProviderBillingDetails = {
  practiceName: null,
  npi: null,
  licenseNumber: null,
  licenseStateIdentifier: null,
};

async function loadBillingDetails(db: Tx, providerId: string): Promise<ProviderBillingDetails> {
  const [row] = await db.select().from(providerBillingDetails).where(eq(providerBillingDetails.userId, providerId));
  if (!row) return EMPTY;
  return {
    practiceName: row.practiceName,
    npi: row.npi,
    licenseNumber: row.licenseNumber,
    licenseStateIdentifier: row.licenseStateId,
  };
}

/** GET /provider/billing-details: what the provider's invoices and clients' superbills print about them. */
export function getBillingDetails(
  deps: Pick<ProfilesDeps, 'db'>,
  input: { actor: Actor },
): Promise<ProviderBillingDetails> {
  assertRole(input.actor, 'provider');
  return loadBillingDetails(deps.db, input.actor.userId);
}

/**
 * PUT /provider/billing-details: replaces them (empty fields clear). The NPI's check digit is
 * checked by the schema; a licence state must be a US state. Issued invoices keep what they
 * printed (they are snapshots); only later documents show the change.
 */
export async function saveBillingDetails(
  deps: Pick<ProfilesDeps, 'db' | 'clock'>,
  input: { actor: Actor; body: z.output<typeof ProviderBillingDetailsUpdateSchema> },
): Promise<ProviderBillingDetails> {
  assertRole(input.actor, 'provider');
  const { body } = input;
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, input.actor.userId);
    if (body.licenseStateIdentifier) {
      const [state] = await tx
        .select({ id: states.id })
        .from(states)
        .innerJoin(countries, eq(countries.id, states.countryId))
        .where(and(eq(states.id, body.licenseStateIdentifier), eq(countries.code, 'US')));
      if (!state) {
        const errors = new FieldErrors();
        errors.add('licenseStateIdentifier', 'profiles.licenseStateNotUs');
        errors.throwIfAny();
      }
    }
    const values = {
      practiceName: body.practiceName,
      npi: body.npi,
      licenseNumber: body.licenseNumber,
      licenseStateId: body.licenseStateIdentifier,
      updatedAt: deps.clock.now(),
    };
    await tx
      .insert(providerBillingDetails)
      .values({ userId: input.actor.userId, ...values })
      .onConflictDoUpdate({ target: providerBillingDetails.userId, set: values });
  });
  return loadBillingDetails(deps.db, input.actor.userId);
}
