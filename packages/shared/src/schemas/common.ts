import { z } from '../zod.ts';

export const IdParamsSchema = z.object({ id: z.uuid() });

export const NamedItemSchema = z.object({
  identifier: z.uuid(),
  key: z.string(),
  name: z.string(),
});
export type NamedItem = z.infer<typeof NamedItemSchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: z.object({ page: z.number(), perPage: z.number(), total: z.number(), totalPages: z.number() }),
  });
}

export function cursorPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}

/** Query-string booleans: "true"/"1" are true, everything else false. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.string()).optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
