/** The part of a logger a service needs. */
export interface ServiceLog {
  error(object: unknown, message?: string): void;
}

/**
 * Sends an email without letting a delivery failure change the answer: the calls that must not
 * reveal whether an address has an account answer the same either way, and the user can ask again.
 */
export async function sendSafely(log: ServiceLog | undefined, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    log?.error({ err: error }, 'auth email could not be sent');
  }
}

const inFlight = new Set<Promise<void>>();

/**
 * Runs `work` after the answer has gone out (the next turn of the event loop), for the calls whose
 * timing must not tell whether an address has an account: the request does the same (no) work for
 * every address, and the lookup, the token and the email happen afterwards. A failure is logged.
 * A process stopped in between loses that one email; the person asks again.
 */
export function afterAnswer(log: ServiceLog | undefined, work: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log?.error({ err: error }, 'auth work after the answer failed'))
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

/** Waits for every afterAnswer work of this process (shutdown, tests reading the outbox). */
export async function settleAfterAnswerWork(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
