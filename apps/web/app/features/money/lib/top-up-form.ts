import type { CurrencyCode } from '@app/shared/currency';
import { parseMajorInput } from '@app/shared/money';
import { topUpAmountSchema } from '@app/shared/schemas/wallet';
import { z } from '@app/shared/zod';

/** The typed text of an amount: required, digits and commas, then in minor units (× 100). */
export const amountTextSchema = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^[\d,]+$/, 'walletScreens.topUp.digitsOnly')
  .transform((text) => parseMajorInput(text));

/**
 * The top-up form: the text the person typed, checked by the shared rule of TopUpBodySchema
 * (`topUpAmountSchema`: at least 500 NGN / 5 in other currencies).
 */
export function topUpFormSchema(currency: CurrencyCode) {
  return z.object({ amount: amountTextSchema.pipe(topUpAmountSchema(currency)) });
}
