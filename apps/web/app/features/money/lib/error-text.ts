import type { TFunction } from 'i18next';
import { ApiError } from '#app/api/client';

/** The words for a failed call: the server's translated message, or the network message. */
export function errorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? error.message : t('accounts.networkError');
}
