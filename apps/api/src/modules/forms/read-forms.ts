import type { Language } from '@app/shared/constants';
import type { FormRequest, FormRequestSummary, FormsOverview } from '@app/shared/schemas/forms';
import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { formRequests } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { recordFormAccess } from './access-log.ts';
import { formSealer } from './sealed.ts';
import { type RequestRow, selectRequestRows, toRequest, toSummary } from './views.ts';

/** The lists' length: a provider's overview and a client's own list show the latest this many. */
export const FORMS_LIST_LIMIT = 100;

/**
 * A sent form as its client or its provider may see it; anyone else (another client, another
 * provider, an admin) gets NOT_FOUND, as if it did not exist.
 */
export async function loadReadableRequest(db: Tx, input: { actor: Actor; requestId: string }): Promise<RequestRow> {
  if (input.actor.role !== 'client' && input.actor.role !== 'provider') throw new AppError('NOT_FOUND');
  const [row] = await selectRequestRows(db).where(
    and(
      eq(formRequests.id, input.requestId),
      input.actor.role === 'client'
        ? eq(formRequests.clientId, input.actor.userId)
        : eq(formRequests.providerId, input.actor.userId),
    ),
  );
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** GET /forms/requests/{id}: the form, its questions and answers; the read is recorded first. */
export async function getRequest(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  input: { actor: Actor; requestId: string; language: Language },
): Promise<FormRequest> {
  const row = await loadReadableRequest(deps.db, input);
  const answer = toRequest(row, {
    language: input.language,
    sealer: formSealer(deps.config),
    reader: input.actor.role === 'client' ? 'client' : 'provider',
  });
  await recordFormAccess(deps.db, {
    actorId: input.actor.userId,
    action: 'read',
    requestIds: [row.id],
    at: deps.clock.now(),
  });
  return answer;
}

/** GET /forms/mine (client): the forms sent to them, open ones first, then the newest. */
export async function listMyRequests(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; language: Language },
): Promise<{ data: FormRequestSummary[] }> {
  const rows = await selectRequestRows(deps.db)
    .where(eq(formRequests.clientId, input.actor.userId))
    .orderBy(desc(ne(formRequests.status, 'submitted')), desc(formRequests.sentAt))
    .limit(FORMS_LIST_LIMIT);
  return { data: rows.map((row) => toSummary(row, input.language)) };
}

/**
 * GET /forms/overview (provider): submissions, urgent ones first, then the newest; and forms
 * still awaiting the client, oldest first. Lists titles and states, never answers: no access row.
 */
export async function formsOverview(
  deps: Pick<AppDeps, 'db'>,
  input: { actor: Actor; language: Language; clientId?: string },
): Promise<FormsOverview> {
  const own = eq(formRequests.providerId, input.actor.userId);
  const ofClient = input.clientId ? eq(formRequests.clientId, input.clientId) : undefined;
  const [submitted, awaiting] = await Promise.all([
    selectRequestRows(deps.db)
      .where(and(own, ofClient, eq(formRequests.status, 'submitted')))
      .orderBy(desc(formRequests.urgent), desc(formRequests.submittedAt))
      .limit(FORMS_LIST_LIMIT),
    selectRequestRows(deps.db)
      .where(and(own, ofClient, or(eq(formRequests.status, 'sent'), eq(formRequests.status, 'draft'))))
      .orderBy(formRequests.sentAt)
      .limit(FORMS_LIST_LIMIT),
  ]);
  return {
    submitted: submitted.map((row) => toSummary(row, input.language)),
    awaiting: awaiting.map((row) => toSummary(row, input.language)),
  };
}
