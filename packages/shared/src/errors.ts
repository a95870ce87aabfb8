/**
 * The one table of error codes and their HTTP status. Server and web both read it;
 * the words for each code live under `errors.<CODE>` in i18n/en.json and de.json.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  CURRENCY_NOT_FOUND: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  // Accounts and sessions
  EMAIL_NOT_VERIFIED: 403,
  INVALID_TOKEN: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  SLOT_UNAVAILABLE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_IMAGE: 415,
  IMAGE_TOO_SMALL: 400,
  IMAGE_TOO_LARGE: 413,
  // Wallet and payments
  INSUFFICIENT_FUNDS: 409,
  PAYMENT_CURRENCY_UNSUPPORTED: 400,
  PAYMENT_ALREADY_COMPLETED: 409,
  PAYMENT_WEBHOOK_SIGNATURE_INVALID: 401,
  PAYMENT_GATEWAY_UNAVAILABLE: 503,
  VIRTUAL_ACCOUNT_NAME_REQUIRED: 400,
  VIRTUAL_ACCOUNT_NOT_FOUND: 404,
  PAYOUT_BANK_ACCOUNT_REQUIRED: 409,
  PAYOUT_EXCEEDS_AVAILABLE: 409,
  PAYOUT_BANK_ACCOUNT_REJECTED: 400,
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}

/** The JSON body of every error answer (DESIGN.md §3). */
export interface ErrorBody {
  message: string;
  code: string;
  errors?: string[];
  fieldErrors?: Record<string, string[]>;
}
