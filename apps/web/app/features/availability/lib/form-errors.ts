import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';

/** Every message inside a (nested) react-hook-form error object, once each, in order. */
export function collectMessages(error: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message && !found.includes(record.message)) {
      found.push(record.message);
    }
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'ref' && key !== 'message' && key !== 'type' && key !== 'types') walk(value);
    }
  };
  walk(error);
  return found;
}

/** The words for the messages of an error subtree (schema keys translated; server words as they are). */
export function errorTexts(t: TFunction, error: unknown): string[] {
  return collectMessages(error).map((message) => tMessage(t, message) ?? message);
}

interface Toaster {
  error(message: string): void;
}

/**
 * A failed save: server field errors whose path starts with one of `prefixes` go on the form
 * (their dotted paths are the form's paths); anything else becomes a red toast.
 */
export function placeServerErrors<T extends FieldValues>(
  failure: unknown,
  options: { setError: UseFormSetError<T>; prefixes: readonly string[]; toast: Toaster; t: TFunction },
): void {
  const { setError, prefixes, toast, t } = options;
  if (!(failure instanceof ApiError)) {
    toast.error(t('accounts.networkError'));
    return;
  }
  let placed = 0;
  let unplaced = 0;
  for (const [field, messages] of Object.entries(failure.fieldErrors ?? {})) {
    if (prefixes.some((prefix) => field === prefix || field.startsWith(`${prefix}.`))) {
      setError(field as Path<T>, { type: 'server', message: messages.join(', ') });
      placed += 1;
    } else {
      unplaced += 1;
    }
  }
  if (placed === 0 || unplaced > 0) toast.error(failure.message);
}
