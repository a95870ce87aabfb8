import type { Language } from '@app/shared/constants';
import { answerErrors } from '@app/shared/form-rules';
import { scoreInstrument } from '@app/shared/instrument-scoring';
import { INSTRUMENTS, isInstrumentKey } from '@app/shared/instruments';
import type { Answers, SubmitAnswer } from '@app/shared/schemas/forms';
import { and, eq, ne } from 'drizzle-orm';
import { countries, formRequests, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Actor } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { recordFormAccess } from './access-log.ts';
import { deliverFormEmails, recordFormEmail } from './emails.ts';
import { getRequest, loadReadableRequest } from './read-forms.ts';
import { formSealer } from './sealed.ts';
import { definitionOf } from './views.ts';

type FillDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'events' | 'mailer' | 'log'>;

/** The client's own unsubmitted form and its questions; a provider or anyone else: NOT_FOUND. */
async function loadOwnOpenForm(deps: FillDeps, input: { actor: Actor; requestId: string; language: Language }) {
  if (input.actor.role !== 'client') throw new AppError('NOT_FOUND');
  const row = await loadReadableRequest(deps.db, input);
  if (row.status === 'submitted') throw new AppError('FORM_ALREADY_SUBMITTED');
  return { row, definition: definitionOf(row, input.language) };
}

function checkAnswers(errors: Record<string, string>): void {
  const fields = Object.entries(errors);
  if (fields.length === 0) return;
  throw new AppError('VALIDATION_FAILED', {}, Object.fromEntries(fields.map(([id, key]) => [`answers.${id}`, [key]])));
}

/**
 * PUT /forms/requests/{id}/draft: the client's answers so far, sealed, replacing the last draft.
 * Answers must fit their questions; required ones may still be empty. After submit: refused.
 */
export async function saveDraft(
  deps: FillDeps,
  input: { actor: Actor; requestId: string; language: Language; answers: Answers },
): Promise<{ draftSavedAt: string }> {
  const { row, definition } = await loadOwnOpenForm(deps, input);
  checkAnswers(answerErrors(definition, input.answers, false));
  const now = deps.clock.now();
  const sealer = formSealer(deps.config);
  await deps.db.transaction(async (tx) => {
    const saved = await tx
      .update(formRequests)
      .set({
        status: 'draft',
        keyId: sealer.keyId,
        draft: sealer.seal(row.id, 'draft', input.answers),
        draftSavedAt: now,
      })
      .where(
        and(
          eq(formRequests.id, row.id),
          eq(formRequests.clientId, input.actor.userId),
          ne(formRequests.status, 'submitted'),
        ),
      )
      .returning({ id: formRequests.id });
    if (saved.length === 0) throw new AppError('FORM_ALREADY_SUBMITTED');
    await recordFormAccess(tx, { actorId: input.actor.userId, action: 'draft', requestIds: [row.id], at: now });
  });
  return { draftSavedAt: now.toISOString() };
}

/**
 * POST /forms/requests/{id}/submit: the client's final answers, complete, sealed with the
 * instrument's result; the draft goes. One conditional statement: of two submits, even at once,
 * one matches and the other is FORM_ALREADY_SUBMITTED. An urgent answer (PHQ-9 item 9 above
 * "not at all") tells the provider at once, in the app and by email whatever their switches, and
 * the client is shown their country's crisis lines.
 */
export async function submitForm(
  deps: FillDeps,
  input: { actor: Actor; requestId: string; language: Language; answers: Answers },
): Promise<SubmitAnswer> {
  const { row, definition } = await loadOwnOpenForm(deps, input);
  checkAnswers(answerErrors(definition, input.answers, true));
  const instrument = row.instrument && isInstrumentKey(row.instrument) ? INSTRUMENTS[row.instrument] : null;
  const score = instrument ? scoreInstrument(instrument, input.answers) : null;
  if (instrument && !score) throw new AppError('VALIDATION_FAILED');
  const urgent = score?.urgent ?? false;
  const now = deps.clock.now();
  const sealer = formSealer(deps.config);
  let emailId: string | null = null;
  await deps.db.transaction(async (tx) => {
    const submitted = await tx
      .update(formRequests)
      .set({
        status: 'submitted',
        keyId: sealer.keyId,
        answers: sealer.seal(row.id, 'answers', input.answers),
        result: score ? sealer.seal(row.id, 'result', score) : null,
        urgent,
        draft: null,
        submittedAt: now,
      })
      .where(
        and(
          eq(formRequests.id, row.id),
          eq(formRequests.clientId, input.actor.userId),
          ne(formRequests.status, 'submitted'),
        ),
      )
      .returning({ id: formRequests.id });
    if (submitted.length === 0) throw new AppError('FORM_ALREADY_SUBMITTED');
    await recordFormAccess(tx, { actorId: input.actor.userId, action: 'submit', requestIds: [row.id], at: now });
    if (urgent) {
      await deps.events.notify(tx, {
        userId: row.providerId,
        kind: 'forms.urgent',
        actorId: row.clientId,
        subjectId: row.id,
        at: now,
      });
      // Whatever the provider's email switch: someone may be at risk.
      emailId = await recordFormEmail(tx, deps, {
        userId: row.providerId,
        template: 'urgent',
        requestId: row.id,
        otherId: null,
      });
    }
  });
  await deliverFormEmails(deps, [emailId]);
  if (urgent) deps.log.warn({ formRequestId: row.id }, 'urgent form answer: provider told');
  const [country] = await deps.db
    .select({ code: countries.code })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .where(eq(users.id, input.actor.userId));
  return {
    request: await getRequest(deps, input),
    showCrisisLines: urgent,
    countryCode: country?.code ?? null,
  };
}
