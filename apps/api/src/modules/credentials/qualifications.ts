import {
  QUALIFICATION_TYPES,
  type Qualification,
  QualificationDetailsSchema,
  type QualificationType,
} from '@app/shared/schemas/credentials';
import { and, eq } from 'drizzle-orm';
import { qualificationFiles, qualifications } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { UUID_PATTERN } from '../../platform/uuid.ts';
import { reviewAgainAfterChange } from './status.ts';
import { removeStoredFiles, storeCredentialFiles, type UploadedFile } from './uploads.ts';
import { listQualifications } from './views.ts';

function assertProvider(actor: Actor): void {
  if (actor.role !== 'provider') throw new AppError('FORBIDDEN');
}

/** The checked details, or a 400 with the field messages; a licence keeps no title and a document no number. */
function parseDetails(fields: Record<string, string | undefined>) {
  const parsed = QualificationDetailsSchema.safeParse({
    type: fields.type,
    body: fields.body || undefined,
    credentialNumber: fields.credentialNumber || undefined,
    title: fields.title || undefined,
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'type');
      fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
    }
    throw new AppError('VALIDATION_FAILED', {}, fieldErrors);
  }
  const value = parsed.data;
  return value.type === 'license'
    ? { type: value.type, body: value.body ?? null, credentialNumber: value.credentialNumber ?? null, title: null }
    : { type: value.type, body: null, credentialNumber: null, title: value.title ?? null };
}

export async function listOwnQualifications(
  deps: AppDeps,
  input: { actor: Actor; type?: QualificationType },
): Promise<Qualification[]> {
  assertProvider(input.actor);
  const all = await listQualifications(deps, deps.db, { providerId: input.actor.userId, now: deps.clock.now() });
  return input.type ? all.filter((item) => item.type === input.type) : all;
}

export async function getOwnQualification(deps: AppDeps, input: { actor: Actor; id: string }): Promise<Qualification> {
  assertProvider(input.actor);
  if (!UUID_PATTERN.test(input.id)) throw new AppError('NOT_FOUND');
  const [item] = await listQualifications(deps, deps.db, {
    providerId: input.actor.userId,
    now: deps.clock.now(),
    qualificationId: input.id,
  });
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

/** POST /provider/qualification/file/upload: one qualification with one or more files. */
export async function uploadQualification(
  deps: AppDeps,
  input: { actor: Actor; fields: Record<string, string>; files: UploadedFile[] },
): Promise<Qualification> {
  assertProvider(input.actor);
  const details = parseDetails(input.fields);
  const stored = await storeCredentialFiles(deps, 'qualifications', input.files);
  const now = deps.clock.now();
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(qualifications)
        .values({ providerId: input.actor.userId, ...details, createdAt: now, updatedAt: now })
        .returning({ id: qualifications.id });
      if (!row) throw new AppError('INTERNAL');
      await tx.insert(qualificationFiles).values(
        stored.map((file, index) => ({
          ...file,
          qualificationId: row.id,
          providerId: input.actor.userId,
          createdAt: new Date(now.getTime() + index), // keeps the upload order
        })),
      );
      await reviewAgainAfterChange(tx, input.actor.userId, now);
      return row.id;
    });
  } catch (error) {
    await removeStoredFiles(
      deps,
      stored.map((file) => file.storageKey),
    );
    throw error;
  }
  return getOwnQualification(deps, { actor: input.actor, id });
}

/**
 * PUT /provider/qualification/files/{id}: new details (type stays), and when files come with
 * the request they replace the qualification's files.
 */
export async function updateQualification(
  deps: AppDeps,
  input: { actor: Actor; id: string; fields: Record<string, string>; files: UploadedFile[] },
): Promise<Qualification> {
  const current = await getOwnQualification(deps, { actor: input.actor, id: input.id });
  const details = parseDetails({
    type: current.type,
    body: input.fields.body ?? current.body ?? undefined,
    credentialNumber: input.fields.credentialNumber ?? current.credentialNumber ?? undefined,
    title: input.fields.title ?? current.title ?? undefined,
  });
  const stored = input.files.length > 0 ? await storeCredentialFiles(deps, 'qualifications', input.files) : [];
  const now = deps.clock.now();
  let replaced: string[] = [];
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(qualifications)
        .set({ body: details.body, credentialNumber: details.credentialNumber, title: details.title, updatedAt: now })
        .where(and(eq(qualifications.id, input.id), eq(qualifications.providerId, input.actor.userId)))
        .returning({ id: qualifications.id });
      if (!row) throw new AppError('NOT_FOUND');
      let old: string[] = [];
      if (stored.length > 0) {
        const removed = await tx
          .delete(qualificationFiles)
          .where(eq(qualificationFiles.qualificationId, input.id))
          .returning({ storageKey: qualificationFiles.storageKey });
        old = removed.map((file) => file.storageKey);
        await tx.insert(qualificationFiles).values(
          stored.map((file, index) => ({
            ...file,
            qualificationId: input.id,
            providerId: input.actor.userId,
            createdAt: new Date(now.getTime() + index),
          })),
        );
      }
      await reviewAgainAfterChange(tx, input.actor.userId, now);
      return old;
    });
  } catch (error) {
    await removeStoredFiles(
      deps,
      stored.map((file) => file.storageKey),
    );
    throw error;
  }
  await removeStoredFiles(deps, replaced);
  return getOwnQualification(deps, { actor: input.actor, id: input.id });
}

/**
 * DELETE /provider/qualification/files/{id}: `id` names a qualification (removed with its files)
 * or one of its files (removed; the qualification goes too when it was its last file).
 */
export async function deleteQualificationOrFile(
  deps: AppDeps,
  input: { actor: Actor; id: string },
): Promise<{ identifier: string }> {
  assertProvider(input.actor);
  if (!UUID_PATTERN.test(input.id)) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  const providerId = input.actor.userId;
  const keys = await deps.db.transaction(async (tx) => {
    const [file] = await tx
      .select({ qualificationId: qualificationFiles.qualificationId })
      .from(qualificationFiles)
      .where(and(eq(qualificationFiles.id, input.id), eq(qualificationFiles.providerId, providerId)));
    let removed: { storageKey: string }[];
    if (file) {
      removed = await tx
        .delete(qualificationFiles)
        .where(eq(qualificationFiles.id, input.id))
        .returning({ storageKey: qualificationFiles.storageKey });
      const [left] = await tx
        .select({ id: qualificationFiles.id })
        .from(qualificationFiles)
        .where(eq(qualificationFiles.qualificationId, file.qualificationId))
        .limit(1);
      if (!left) await tx.delete(qualifications).where(eq(qualifications.id, file.qualificationId));
    } else {
      const [owned] = await tx
        .select({ id: qualifications.id })
        .from(qualifications)
        .where(and(eq(qualifications.id, input.id), eq(qualifications.providerId, providerId)));
      if (!owned) throw new AppError('NOT_FOUND');
      removed = await tx
        .delete(qualificationFiles)
        .where(eq(qualificationFiles.qualificationId, input.id))
        .returning({ storageKey: qualificationFiles.storageKey });
      await tx.delete(qualifications).where(eq(qualifications.id, input.id));
    }
    await reviewAgainAfterChange(tx, providerId, now);
    return removed.map((row) => row.storageKey);
  });
  await removeStoredFiles(deps, keys);
  return { identifier: input.id };
}

export function isQualificationType(value: unknown): value is QualificationType {
  return typeof value === 'string' && (QUALIFICATION_TYPES as readonly string[]).includes(value);
}
