import type { z } from '@app/shared/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * zodResolver for a form that holds text ("" for an empty select) while the shared schema takes
 * the request shape: the schema itself turns "" into null or "This field is required", so only
 * the input type differs and is cast here, once.
 */
export function textFormResolver<TValues extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, unknown>,
): Resolver<TValues, unknown, TOutput> {
  return zodResolver(schema as z.ZodType<TOutput, FieldValues>) as unknown as Resolver<TValues, unknown, TOutput>;
}
