import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAmountIdempotencyKey } from './idempotency-key';

describe('useAmountIdempotencyKey', () => {
  it('keeps one key for a repeated amount and takes a new one for a new amount', () => {
    const { result } = renderHook(() => useAmountIdempotencyKey());
    const first = result.current.keyFor(1_250_000);
    expect(first).toMatch(/\S{8,}/);
    expect(result.current.keyFor(1_250_000)).toBe(first);
    const second = result.current.keyFor(100_000);
    expect(second).not.toBe(first);
    expect(result.current.keyFor(1_250_000)).not.toBe(first);
  });

  it('takes a new key for the same amount once the last request is forgotten', () => {
    const { result, rerender } = renderHook(() => useAmountIdempotencyKey());
    const first = result.current.keyFor(500_000);
    rerender();
    expect(result.current.keyFor(500_000)).toBe(first);
    result.current.forget();
    expect(result.current.keyFor(500_000)).not.toBe(first);
  });
});
