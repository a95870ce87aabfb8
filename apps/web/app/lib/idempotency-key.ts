import { useMemo, useRef } from 'react';

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The Idempotency-Key of a money request, one per amount: a double submit of the same amount is one
 * payment, a new amount a new one. `forget` after success, so the next request is a new one.
 */
export function useAmountIdempotencyKey() {
  const attempt = useRef<{ amount: number; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(amount: number): string {
        if (attempt.current?.amount !== amount) attempt.current = { amount, key: newKey() };
        return attempt.current.key;
      },
      forget() {
        attempt.current = null;
      },
    }),
    [],
  );
}
