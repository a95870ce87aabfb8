import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/deps.ts';

/** Answers are kept this long; the purge job deletes older keys. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** A reservation without an answer this old belongs to a request that died: it may be taken over. */
const STALE_RESERVATION_MS = 2 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * Runs a money-creating operation at most once per (user, scope, Idempotency-Key): a repeat
 * with the same body gets the first answer; the same key with a different body is refused;
 * a repeat while the first is still running is refused. A failed attempt frees the key.
 * Without a key the operation simply runs.
 */
export async function withIdempotency<T>(
  deps: AppDeps,
  input: { userId: string; scope: string; key: string | undefined; payload: unknown },
  run: () => Promise<T>,
): Promise<T> {
  if (input.key === undefined) return run();
  if (!KEY_PATTERN.test(input.key)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  const { db, clock } = deps;
  const requestHash = createHash('sha256').update(stableJson(input.payload)).digest('hex');
  const identity = and(
    eq(idempotencyKeys.userId, input.userId),
    eq(idempotencyKeys.scope, input.scope),
    eq(idempotencyKeys.key, input.key),
  );

  for (let attempt = 0; attempt < 2; attempt++) {
    const now = clock.now();
    const [reserved] = await db
      .insert(idempotencyKeys)
      .values({ userId: input.userId, scope: input.scope, key: input.key, requestHash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (reserved) {
      try {
        const answer = await run();
        await db.update(idempotencyKeys).set({ statusCode: 200, response: answer }).where(identity);
        return answer;
      } catch (error) {
        await db.delete(idempotencyKeys).where(and(identity, isNull(idempotencyKeys.statusCode)));
        throw error;
      }
    }
    const [existing] = await db.select().from(idempotencyKeys).where(identity);
    if (!existing) continue; // freed by a failed attempt a moment ago: reserve again
    if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (existing.statusCode !== null) return existing.response as T;
    if (now.getTime() - existing.createdAt.getTime() < STALE_RESERVATION_MS) {
      throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    await db
      .delete(idempotencyKeys)
      .where(and(identity, isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, existing.createdAt)));
  }
  throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS');
}

/** Job: forget answers older than a day. */
export async function purgeIdempotencyKeys(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const deleted = await deps.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
