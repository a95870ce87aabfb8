import type { TFunction } from 'i18next';
import { ApiError } from '#app/api/client';

/** The words for a failed call: the server's translated message, or the network message. */
export function errorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? error.message : t('accounts.networkError');
}

/**
 * The server's translated reason when a read was refused (403: e.g. clinical notes in view mode),
 * else null. Trying again cannot change a refusal, so where data would be, the reason replaces
 * "Failed to load" and its retry.
 */
export function refusalText(error: unknown): string | null {
  return error instanceof ApiError && error.status === 403 ? error.message : null;
}
