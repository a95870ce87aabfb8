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
