import type { z } from '@app/shared/zod';
import { AppError } from '../../platform/app-error.ts';

/** Parses with a shared schema; issues become field errors (i18n keys), `rename` maps schema fields to form fields. */
export function parseOrFail<T extends z.ZodType>(
  schema: T,
  value: unknown,
  rename: Record<string, string> = {},
): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || '_';
    const field = rename[path] ?? path;
    fieldErrors[field] ??= [];
    fieldErrors[field].push(issue.message);
  }
  throw new AppError('VALIDATION_FAILED', {}, fieldErrors);
}
