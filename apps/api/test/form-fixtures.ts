import { randomUUID } from 'node:crypto';
import { scoreInstrument } from '@app/shared/instrument-scoring';
import type { Instrument } from '@app/shared/instruments';
import type { formRequests } from '../src/db/schema/index.ts';
import type { FormSealer } from '../src/modules/forms/sealed.ts';

/**
 * A measure submitted at `at`, as submitForm stores it: answers and score sealed under the
 * current key, the urgent flag in plain. For tests and benchmarks that need many submissions
 * without filling each through the API.
 */
export function submittedMeasure(
  sealer: FormSealer,
  input: {
    providerId: string;
    clientId: string;
    instrument: Instrument;
    answers: Record<string, string>;
    at: Date;
  },
): typeof formRequests.$inferInsert {
  const id = randomUUID();
  const result = scoreInstrument(input.instrument, input.answers);
  return {
    id,
    providerId: input.providerId,
    clientId: input.clientId,
    instrument: input.instrument.key,
    instrumentVersion: input.instrument.version,
    status: 'submitted',
    keyId: sealer.keyId,
    answers: sealer.seal(id, 'answers', input.answers),
    result: sealer.seal(id, 'result', result),
    urgent: result?.urgent ?? false,
    sentAt: input.at,
    submittedAt: input.at,
  };
}
