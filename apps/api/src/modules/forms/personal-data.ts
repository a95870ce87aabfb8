import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  formAssignments,
  formProgressDigests,
  formRequests,
  formTemplates,
  formTemplateVersions,
} from '../../db/schema/index.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { AccountDeletingHandler, PersonalDataContributor } from '../../platform/events.ts';
import { formSealer } from './sealed.ts';
import { selectRequestRows, toRequest } from './views.ts';

/**
 * The forms' part of a data export: a client gets every form sent to them with its questions and
 * their answers (a draft too: it is theirs); a provider gets the forms they built (every version)
 * and every form they sent with the client's submitted answers and scores, their treatment record.
 * Decrypted as the forms module reads them, in English (the archive's language).
 */
export function formsPersonalData(deps: Pick<AppDeps, 'config'>): PersonalDataContributor {
  return {
    section: 'forms',
    async collect(tx: Tx, { userId, role }) {
      const sealer = formSealer(deps.config);
      const reader = role === 'provider' ? 'provider' : 'client';
      const rows = await selectRequestRows(tx)
        .where(role === 'provider' ? eq(formRequests.providerId, userId) : eq(formRequests.clientId, userId))
        .orderBy(asc(formRequests.sentAt));
      const sent = rows.map((row) => toRequest(row, { language: 'en', sealer, reader }));
      if (role !== 'provider') return { formsSentToYou: sent };
      const templates = await tx
        .select({
          id: formTemplateVersions.templateId,
          version: formTemplateVersions.version,
          definition: formTemplateVersions.definition,
          createdAt: formTemplateVersions.createdAt,
        })
        .from(formTemplateVersions)
        .innerJoin(formTemplates, eq(formTemplates.id, formTemplateVersions.templateId))
        .where(eq(formTemplates.providerId, userId))
        .orderBy(asc(formTemplateVersions.createdAt));
      return { formsYouBuilt: templates, formsYouSent: sent };
    },
  };
}

/**
 * The forms' part of erasing an account. Submitted answers are the provider's treatment record
 * (kept 10 years, like notes: docs/privacy.md), encrypted, pointing at the anonymous account,
 * and told (`formAnswers` to a client, `clinicalForms` to a provider). What a client never sent
 * goes: their drafts are erased and forms still waiting for them (or sent by an erased provider) are withdrawn. A provider's
 * assignments stop; their forms' questions stay with the answers given to them.
 */
export const formsErasure: AccountDeletingHandler = async (tx, { userId, now }) => {
  await tx
    .delete(formRequests)
    .where(
      and(
        or(eq(formRequests.clientId, userId), eq(formRequests.providerId, userId)),
        ne(formRequests.status, 'submitted'),
      ),
    );
  // Charts sealed for reading faster are a copy, not the record: they go with either person.
  await tx
    .delete(formProgressDigests)
    .where(or(eq(formProgressDigests.clientId, userId), eq(formProgressDigests.providerId, userId)));
  await tx
    .update(formAssignments)
    .set({ removedAt: now })
    .where(and(isNull(formAssignments.removedAt), eq(formAssignments.clientId, userId)));
  await tx
    .update(formAssignments)
    .set({ removedAt: now })
    .where(and(isNull(formAssignments.removedAt), eq(formAssignments.providerId, userId)));
  const count = (column: typeof formRequests.clientId | typeof formRequests.providerId) =>
    tx
      .select({ count: sql<number>`count(*)::int` })
      .from(formRequests)
      .where(and(eq(column, userId), eq(formRequests.status, 'submitted')));
  const [about] = await count(formRequests.clientId);
  const [own] = await count(formRequests.providerId);
  return [
    ...(own?.count ? [{ kind: 'clinicalForms' as const, count: own.count }] : []),
    ...(about?.count ? [{ kind: 'formAnswers' as const, count: about.count }] : []),
  ];
};
