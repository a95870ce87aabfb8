import type { ErrorCode } from './errors.ts';

/**
 * The error thrown by shared helpers. The API's AppError extends it, so the error handler
 * turns either into the translated answer for its code.
 */
export class AppErrorLike extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, unknown>;

  constructor(code: ErrorCode, params: Record<string, unknown> = {}) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = params;
  }
}
