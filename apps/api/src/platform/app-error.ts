import { AppErrorLike } from '@app/shared/app-error-like';
import { ERROR_STATUS, type ErrorCode } from '@app/shared/errors';
import { messageKey } from '@app/shared/zod';

/**
 * The one error class services throw: a code from packages/shared/src/errors.ts and the
 * parameters its translated message needs. `fieldErrors` carry i18n keys per field.
 */
export class AppError extends AppErrorLike {
  readonly fieldErrors?: Record<string, string[]>;

  constructor(code: ErrorCode, params: Record<string, unknown> = {}, fieldErrors?: Record<string, string[]>) {
    super(code, params);
    this.fieldErrors = fieldErrors;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** A validation failure on one field, with the i18n key of its message. */
export function fieldError(field: string, key: string, params?: Record<string, unknown>): AppError {
  return new AppError('VALIDATION_FAILED', {}, { [field]: [messageKey(key, params)] });
}
