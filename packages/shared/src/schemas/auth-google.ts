import { LANGUAGES } from '../constants.ts';
import { z } from '../zod.ts';
import { CurrentPasswordSchema } from './auth.ts';

export const RETURN_PATH_MAX = 512;

/** A same-origin absolute path to land on after signing in (never `//host` or `/\host`: no open redirect). */
export function isSafeReturnPath(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' &&
    value.length <= RETURN_PATH_MAX &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\') &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

/**
 * GET /auth/google: a browser navigation, so a bad value is dropped (the default applies) rather
 * than answered with a JSON error.
 */
export const GoogleStartQuerySchema = z.object({
  lang: z.enum(LANGUAGES).optional().catch(undefined),
  redirect: z.string().optional().catch(undefined),
  timezone: z.string().max(64).optional().catch(undefined),
});

/** GET /auth/google/callback: the provider's authorization response (read whole by the OIDC client). */
export const GoogleCallbackQuerySchema = z.looseObject({
  state: z.string().max(512).optional().catch(undefined),
});

/** GET /auth/google/link: the account waiting for proof, as the browser holding the link cookie sees it. */
export const GoogleLinkInfoSchema = z.object({
  email: z.string(),
  /** False when only the emailed link can prove the account (no password, unconfirmed address, too many tries). */
  passwordAllowed: z.boolean(),
  emailSent: z.boolean(),
});
export type GoogleLinkInfo = z.infer<typeof GoogleLinkInfoSchema>;

export const GoogleLinkPasswordSchema = z.object({ password: CurrentPasswordSchema });
export type GoogleLinkPasswordInput = z.infer<typeof GoogleLinkPasswordSchema>;

/** The Google sign-in pages' outcomes the callback sends the browser to (`?error=`). */
export const GOOGLE_ERROR_CODES = [
  'GOOGLE_SIGN_IN_FAILED',
  'GOOGLE_SIGN_IN_CANCELLED',
  'GOOGLE_EMAIL_UNVERIFIED',
  'GOOGLE_UNAVAILABLE',
  'GOOGLE_ACCOUNT_CONFLICT',
  'ACCOUNT_SUSPENDED',
] as const;
export type GoogleErrorCode = (typeof GOOGLE_ERROR_CODES)[number];

export function isGoogleErrorCode(value: unknown): value is GoogleErrorCode {
  return typeof value === 'string' && (GOOGLE_ERROR_CODES as readonly string[]).includes(value);
}
