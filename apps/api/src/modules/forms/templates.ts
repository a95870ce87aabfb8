import { randomUUID } from 'node:crypto';
import type { FormDefinition, FormTemplate } from '@app/shared/schemas/forms';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { formTemplates, formTemplateVersions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';

const templateColumns = {
  id: formTemplates.id,
  version: formTemplates.currentVersion,
  definition: formTemplateVersions.definition,
  createdAt: formTemplates.createdAt,
  updatedAt: formTemplates.updatedAt,
};

function toTemplate(row: {
  id: string;
  version: number;
  definition: unknown;
  createdAt: Date;
  updatedAt: Date;
}): FormTemplate {
  return {
    id: row.id,
    version: row.version,
    definition: row.definition as FormDefinition,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectTemplates(db: Tx) {
  return db
    .select(templateColumns)
    .from(formTemplates)
    .innerJoin(
      formTemplateVersions,
      and(
        eq(formTemplateVersions.templateId, formTemplates.id),
        eq(formTemplateVersions.version, formTemplates.currentVersion),
      ),
    );
}

/** GET /forms/templates: the provider's forms, last changed first. */
export async function listTemplates(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor },
): Promise<{ data: FormTemplate[] }> {
  const rows = await selectTemplates(deps.db)
    .where(and(eq(formTemplates.providerId, input.actor.userId), isNull(formTemplates.archivedAt)))
    .orderBy(desc(formTemplates.updatedAt));
  return { data: rows.map(toTemplate) };
}

/** One of the provider's forms (someone else's: NOT_FOUND), optionally locked for a new version. */
export async function loadOwnTemplate(db: Tx, input: { actor: Actor; templateId: string; lock?: boolean }) {
  const query = db
    .select({ id: formTemplates.id, currentVersion: formTemplates.currentVersion })
    .from(formTemplates)
    .where(
      and(
        eq(formTemplates.id, input.templateId),
        eq(formTemplates.providerId, input.actor.userId),
        isNull(formTemplates.archivedAt),
      ),
    );
  const [row] = input.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /forms/templates/{id}. */
export async function getTemplate(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; templateId: string },
): Promise<FormTemplate> {
  await loadOwnTemplate(deps.db, input);
  const [row] = await selectTemplates(deps.db).where(eq(formTemplates.id, input.templateId));
  if (!row) throw new AppError('NOT_FOUND');
  return toTemplate(row);
}

/** POST /forms/templates: a new form at version 1. */
export async function createTemplate(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; definition: FormDefinition },
): Promise<FormTemplate> {
  const now = deps.clock.now();
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(formTemplates)
      .values({ id, providerId: input.actor.userId, currentVersion: 1, createdAt: now, updatedAt: now });
    await tx
      .insert(formTemplateVersions)
      .values({ templateId: id, version: 1, definition: input.definition, createdAt: now });
  });
  return getTemplate(deps, { actor: input.actor, templateId: id });
}

/**
 * PUT /forms/templates/{id}: the edited form becomes the next version; forms already sent keep
 * theirs (form_requests.template_version), future sends take this one.
 */
export async function updateTemplate(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; templateId: string; definition: FormDefinition },
): Promise<FormTemplate> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = await loadOwnTemplate(tx, { ...input, lock: true });
    const version = row.currentVersion + 1;
    await tx
      .insert(formTemplateVersions)
      .values({ templateId: row.id, version, definition: input.definition, createdAt: now });
    await tx.update(formTemplates).set({ currentVersion: version, updatedAt: now }).where(eq(formTemplates.id, row.id));
  });
  return getTemplate(deps, input);
}

/** DELETE /forms/templates/{id}: no longer offered or sent; forms sent with it stay readable. */
export async function archiveTemplate(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; templateId: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await loadOwnTemplate(tx, { ...input, lock: true });
    await tx.update(formTemplates).set({ archivedAt: deps.clock.now() }).where(eq(formTemplates.id, input.templateId));
  });
}
