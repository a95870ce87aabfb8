import { ExpiryDateSchema, type Insurance } from '@app/shared/schemas/credentials';
import { and, eq } from 'drizzle-orm';
import { indemnityInsurances } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';
import { utcDay } from './listing.ts';
import { reviewAgainAfterChange } from './status.ts';
import { removeStoredFiles, storeCredentialFiles, type UploadedFile } from './uploads.ts';
import { listInsurance } from './views.ts';

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

/** A real calendar day (2027-02-30 is refused), YYYY-MM-DD. */
function checkExpiry(value: string | undefined, today: string): string {
  const parsed = ExpiryDateSchema.safeParse(value ?? '');
  if (!parsed.success) throw fieldError('expiresOn', value ? 'credentials.dateFormat' : 'validation.required');
  const date = new Date(`${parsed.data}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== parsed.data)
    throw fieldError('expiresOn', 'credentials.dateFormat');
  if (parsed.data < today) throw fieldError('expiresOn', 'credentials.insuranceExpired');
  return parsed.data;
}

export async function listOwnInsurance(deps: AppDeps, input: { actor: Actor }): Promise<Insurance[]> {
  assertProvider(input.actor);
  return listInsurance(deps, deps.db, { providerId: input.actor.userId, now: deps.clock.now() });
}

/** POST /provider/indemnity-insurance (multipart `file` and `expiresOn`): answers the stored file. */
export async function uploadInsurance(
  deps: AppDeps,
  input: { actor: Actor; fields: Record<string, string>; files: UploadedFile[] },
): Promise<Insurance> {
  assertProvider(input.actor);
  const now = deps.clock.now();
  const expiresOn = checkExpiry(input.fields.expiresOn ?? input.fields.expiryDate, utcDay(now));
  const [stored] = await storeCredentialFiles(deps, 'insurance', input.files.slice(0, 1));
  if (!stored) throw new AppError('FILE_REQUIRED');
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(indemnityInsurances)
        .values({ providerId: input.actor.userId, ...stored, expiresOn, createdAt: now })
        .returning({ id: indemnityInsurances.id });
      if (!row) throw new AppError('INTERNAL');
      await reviewAgainAfterChange(tx, input.actor.userId, now);
      return row.id;
    });
  } catch (error) {
    await removeStoredFiles(deps, [stored.storageKey]);
    throw error;
  }
  const item = (await listOwnInsurance(deps, input)).find((entry) => entry.identifier === id);
  if (!item) throw new AppError('INTERNAL');
  return item;
}

export async function deleteInsurance(
  deps: AppDeps,
  input: { actor: Actor; id: string },
): Promise<{ identifier: string }> {
  assertProvider(input.actor);
  if (!UUID_PATTERN.test(input.id)) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  const key = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(indemnityInsurances)
      .where(and(eq(indemnityInsurances.id, input.id), eq(indemnityInsurances.providerId, input.actor.userId)))
      .returning({ storageKey: indemnityInsurances.storageKey });
    if (!row) throw new AppError('NOT_FOUND');
    await reviewAgainAfterChange(tx, input.actor.userId, now);
    return row.storageKey;
  });
  await removeStoredFiles(deps, [key]);
  return { identifier: input.id };
}
