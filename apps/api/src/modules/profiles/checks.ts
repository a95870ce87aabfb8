import type { UserRole } from '@app/shared/schemas/auth-token';
import type { PreferenceListName } from '@app/shared/schemas/catalog';
import { messageKey } from '@app/shared/zod';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { countries, preferenceOptions, states, therapyCategories, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';

/** Collects field errors (i18n keys) so one answer lists every bad field. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, key: string): void {
    this.errors[field] ??= [];
    this.errors[field].push(key);
  }

  has(field: string): boolean {
    return Boolean(this.errors[field]);
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new AppError('VALIDATION_FAILED', {}, this.errors);
  }
}

/** Role check every service starts with (the route guard checks it too). */
export function assertRole(actor: Actor, role: UserRole): void {
  if (actor.role !== role) throw new AppError('FORBIDDEN');
}

/** Locks the actor's user row for the rest of the transaction: profile writes of one user run one at a time. */
export async function lockUser(tx: Tx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

/**
 * A country and a state of it. `operatingOnly` refuses countries where the product does not
 * run (providers: their fees need the country's currency).
 */
export async function checkCountryAndState(
  tx: Tx,
  errors: FieldErrors,
  input: { countryId: string | null; stateId: string | null; operatingOnly?: boolean },
): Promise<{ code: string; operating: boolean } | null> {
  let country: { id: string; code: string; operating: boolean } | undefined;
  if (input.countryId) {
    [country] = await tx
      .select({ id: countries.id, code: countries.code, operating: countries.operating })
      .from(countries)
      .where(eq(countries.id, input.countryId));
    if (!country) errors.add('countryIdentifier', 'validation.invalidEnum');
    else if (input.operatingOnly && !country.operating) errors.add('countryIdentifier', 'profiles.countryNotOperating');
  }
  if (input.stateId) {
    const [state] = await tx.select({ countryId: states.countryId }).from(states).where(eq(states.id, input.stateId));
    if (!state) errors.add('stateIdentifier', 'validation.invalidEnum');
    else if (state.countryId !== input.countryId && !errors.has('countryIdentifier')) {
      errors.add('stateIdentifier', 'profiles.stateNotInCountry');
    }
  }
  return country ?? null;
}

/** Each given identifier must be an option of its list (one query for all of them). */
export async function checkOptions(
  tx: Tx,
  errors: FieldErrors,
  fields: Record<string, { id: string | null | undefined; list: PreferenceListName }>,
): Promise<void> {
  const wanted = Object.entries(fields).filter((entry): entry is [string, { id: string; list: PreferenceListName }] =>
    Boolean(entry[1].id),
  );
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: preferenceOptions.id, list: preferenceOptions.list })
    .from(preferenceOptions)
    .where(
      inArray(
        preferenceOptions.id,
        wanted.map(([, value]) => value.id),
      ),
    );
  const listOf = new Map(rows.map((row) => [row.id, row.list]));
  for (const [field, { id, list }] of wanted) {
    if (listOf.get(id) !== list) errors.add(field, 'validation.invalidEnum');
  }
}

export async function checkTherapyCategory(
  tx: Tx,
  errors: FieldErrors,
  field: string,
  id: string | null | undefined,
): Promise<void> {
  if (!id) return;
  const [row] = await tx
    .select({ id: therapyCategories.id })
    .from(therapyCategories)
    .where(eq(therapyCategories.id, id));
  if (!row) errors.add(field, 'validation.invalidEnum');
}

const EARLIEST_DOB = '1900-01-01';

/** A date of birth is a real calendar day after 1900 and before today (UTC). */
export function checkDateOfBirth(errors: FieldErrors, dob: string | null | undefined, now: Date): void {
  if (!dob) return;
  const today = now.toISOString().slice(0, 10);
  if (dob >= today) errors.add('dob', 'profiles.dobPast');
  else if (dob < EARLIEST_DOB) errors.add('dob', messageKey('profiles.dobTooEarly', { date: EARLIEST_DOB }));
}
