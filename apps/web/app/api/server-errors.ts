import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

interface Toaster {
  error(message: string): void;
}

/**
 * Shows a failed call: field errors of the server go on the form's fields (already words); the
 * message becomes a red toast when no field could take it (SPEC.md §8).
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  options: { setError?: UseFormSetError<T>; fields?: readonly Path<T>[]; toast: Toaster; t: TFunction },
): void {
  const { setError, fields = [], toast, t } = options;
  if (!(error instanceof ApiError)) {
    toast.error(t('accounts.networkError'));
    return;
  }
  let placed = 0;
  let unplaced = 0;
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    if (setError && (fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message: messages.join(', ') }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      unplaced += 1;
    }
  }
  if (placed === 0 || unplaced > 0) toast.error(error.message);
}
