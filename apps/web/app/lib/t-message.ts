import { parseMessage } from '@app/shared/zod';
import type { TFunction } from 'i18next';

/** Words for a schema message (an i18n key, maybe with `|{params}`), or the text itself. */
export function tMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { key, params } = parseMessage(message);
  return t(key, { ...params, defaultValue: message }) as string;
}
