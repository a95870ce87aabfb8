import { randomUUID } from 'node:crypto';
import { INSTRUMENTS, isInstrumentKey } from '@app/shared/instruments';
import type { Assignment, CreateAssignmentBody, FormDefinition } from '@app/shared/schemas/forms';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formAssignments, formTemplates, formTemplateVersions, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { isClientOf } from '../clients/relation.ts';
import { deliverFormEmails } from './emails.ts';
import { type AssignmentRow, type SendDeps, sendAssignedForm } from './send-forms.ts';
import { loadOwnTemplate } from './templates.ts';

const client = alias(users, 'client');

/** GET /forms/assignments: what the provider sends, to whom and how often. */
export async function listAssignments(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; language: 'en' | 'de' },
): Promise<{ data: Assignment[] }> {
  const rows = await deps.db
    .select({
      id: formAssignments.id,
      templateId: formAssignments.templateId,
      instrument: formAssignments.instrument,
      clientId: formAssignments.clientId,
      resendEvery: formAssignments.resendEvery,
      createdAt: formAssignments.createdAt,
      definition: formTemplateVersions.definition,
      clientFirst: client.firstName,
      clientLast: client.lastName,
    })
    .from(formAssignments)
    .leftJoin(formTemplates, eq(formTemplates.id, formAssignments.templateId))
    .leftJoin(
      formTemplateVersions,
      and(
        eq(formTemplateVersions.templateId, formTemplates.id),
        eq(formTemplateVersions.version, formTemplates.currentVersion),
      ),
    )
    .leftJoin(client, eq(client.id, formAssignments.clientId))
    .where(and(eq(formAssignments.providerId, input.actor.userId), isNull(formAssignments.removedAt)))
    .orderBy(asc(formAssignments.createdAt));
  return {
    data: rows.map((row) => ({
      id: row.id,
      form:
        row.instrument && isInstrumentKey(row.instrument)
          ? { instrument: row.instrument }
          : { templateId: row.templateId as string },
      title:
        row.instrument && isInstrumentKey(row.instrument)
          ? INSTRUMENTS[row.instrument].title[input.language]
          : ((row.definition as FormDefinition | null)?.title ?? ''),
      clientId: row.clientId,
      clientName: row.clientId ? [row.clientFirst, row.clientLast].filter(Boolean).join(' ') : null,
      resendEvery: row.resendEvery,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /forms/assignments: a form for one of the provider's clients (sent at once) or for every
 * new client (sent when their first booking with the provider is paid), once or on a schedule.
 * Someone else's form or someone who is not the provider's client: NOT_FOUND.
 */
export async function createAssignment(
  deps: Pick<AppDeps, 'db' | 'clock'> & SendDeps,
  input: { actor: Actor; language: 'en' | 'de'; body: CreateAssignmentBody },
): Promise<Assignment> {
  const now = deps.clock.now();
  const { form, clientId } = input.body;
  const resendEvery = input.body.resendEvery ?? null;
  const emailIds: (string | null)[] = [];
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    if ('templateId' in form) await loadOwnTemplate(tx, { actor: input.actor, templateId: form.templateId });
    if (clientId && !(await isClientOf(tx, { providerId: input.actor.userId, clientUserId: clientId }))) {
      throw new AppError('NOT_FOUND');
    }
    const assignment: AssignmentRow = {
      id,
      providerId: input.actor.userId,
      templateId: 'templateId' in form ? form.templateId : null,
      instrument: 'instrument' in form ? form.instrument : null,
      clientId,
      resendEvery,
    };
    await tx.insert(formAssignments).values({ ...assignment, createdAt: now });
    if (clientId) {
      const sent = await sendAssignedForm(tx, deps, { assignment, clientId, bookingId: null, now });
      emailIds.push(sent?.emailId ?? null);
    }
  });
  await deliverFormEmails(deps, emailIds);
  const { data } = await listAssignments(deps, input);
  const created = data.find((row) => row.id === id);
  if (!created) throw new Error('assignment insert returned nothing');
  return created;
}

/** DELETE /forms/assignments/{id}: nothing more is sent by it; forms already sent stay. */
export async function removeAssignment(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { actor: Actor; assignmentId: string },
): Promise<void> {
  const removed = await deps.db
    .update(formAssignments)
    .set({ removedAt: deps.clock.now() })
    .where(
      and(
        eq(formAssignments.id, input.assignmentId),
        eq(formAssignments.providerId, input.actor.userId),
        isNull(formAssignments.removedAt),
      ),
    )
    .returning({ id: formAssignments.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND');
}
