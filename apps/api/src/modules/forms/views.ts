import type { Language } from '@app/shared/constants';
import { instrumentDefinition } from '@app/shared/form-rules';
import { INSTRUMENTS, isInstrumentKey, maxScore } from '@app/shared/instruments';
import type { Answers, FormDefinition, FormRequest, FormRequestSummary, FormResult } from '@app/shared/schemas/forms';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { formRequests, formTemplateVersions, users } from '../../db/schema/index.ts';
import type { FormSealer } from './sealed.ts';

const provider = alias(users, 'provider');
const client = alias(users, 'client');

const name = (person: { firstName: string | null; lastName: string | null }) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ').trim();

/** The columns of a sent form with its people and its questions' version; sealed fields only when asked. */
export function selectRequestRows(db: Tx) {
  return db
    .select({
      id: formRequests.id,
      providerId: formRequests.providerId,
      clientId: formRequests.clientId,
      instrument: formRequests.instrument,
      status: formRequests.status,
      urgent: formRequests.urgent,
      sentAt: formRequests.sentAt,
      submittedAt: formRequests.submittedAt,
      draftSavedAt: formRequests.draftSavedAt,
      keyId: formRequests.keyId,
      draft: formRequests.draft,
      answers: formRequests.answers,
      result: formRequests.result,
      definition: formTemplateVersions.definition,
      providerFirst: provider.firstName,
      providerLast: provider.lastName,
      clientFirst: client.firstName,
      clientLast: client.lastName,
    })
    .from(formRequests)
    .innerJoin(provider, eq(provider.id, formRequests.providerId))
    .innerJoin(client, eq(client.id, formRequests.clientId))
    .leftJoin(
      formTemplateVersions,
      and(
        eq(formTemplateVersions.templateId, formRequests.templateId),
        eq(formTemplateVersions.version, formRequests.templateVersion),
      ),
    );
}
export type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequestRows>['execute']>>[number];

/** The questions as this reader sees them: an instrument in their language, a provider's form as written. */
export function definitionOf(row: Pick<RequestRow, 'instrument' | 'definition'>, language: Language): FormDefinition {
  if (row.instrument && isInstrumentKey(row.instrument))
    return instrumentDefinition(INSTRUMENTS[row.instrument], language);
  return row.definition as FormDefinition;
}

export function toSummary(row: RequestRow, language: Language): FormRequestSummary {
  const instrument = row.instrument && isInstrumentKey(row.instrument) ? row.instrument : null;
  return {
    id: row.id,
    title: instrument
      ? INSTRUMENTS[instrument].title[language]
      : ((row.definition as FormDefinition | null)?.title ?? ''),
    instrument,
    status: row.status,
    providerId: row.providerId,
    providerName: name({ firstName: row.providerFirst, lastName: row.providerLast }),
    clientId: row.clientId,
    clientName: name({ firstName: row.clientFirst, lastName: row.clientLast }),
    urgent: row.urgent,
    sentAt: row.sentAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** The sealed result of a submitted instrument (score, band, urgent), opened. */
export function resultOf(
  row: Pick<RequestRow, 'id' | 'keyId' | 'result' | 'instrument'>,
  sealer: FormSealer,
): FormResult | null {
  if (!row.result || !row.keyId || !row.instrument || !isInstrumentKey(row.instrument)) return null;
  const opened = sealer.open<Omit<FormResult, 'maxScore'>>(row.keyId, row.id, 'result', row.result);
  return { ...opened, maxScore: maxScore(INSTRUMENTS[row.instrument]) };
}

/**
 * A sent form with its answers: the submitted answers, else the client's draft. A provider never
 * sees a draft: what the client has not sent is still theirs.
 */
export function toRequest(
  row: RequestRow,
  context: { language: Language; sealer: FormSealer; reader: 'client' | 'provider' },
): FormRequest {
  const { sealer } = context;
  let answers: Answers = {};
  if (row.answers && row.keyId) answers = sealer.open<Answers>(row.keyId, row.id, 'answers', row.answers);
  else if (row.draft && row.keyId && context.reader === 'client')
    answers = sealer.open<Answers>(row.keyId, row.id, 'draft', row.draft);
  return {
    ...toSummary(row, context.language),
    definition: definitionOf(row, context.language),
    answers,
    result: resultOf(row, sealer),
    draftSavedAt: context.reader === 'client' ? (row.draftSavedAt?.toISOString() ?? null) : null,
  };
}
