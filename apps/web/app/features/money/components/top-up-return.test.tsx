import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_STATUS_POLL_MS } from '#app/api/get-payment-status';
import { mockApi, renderWithProviders } from '../lib/test-utils';
import { TopUpReturn } from './top-up-return';

const answer = (status: string) => ({
  reference: 'ref-1',
  status,
  amount: 500_000,
  currencyCode: 'NGN',
  purpose: 'top_up',
  creditedTo: status === 'success' ? 'wallet' : null,
});

/** A real macrotask: fetch's own I/O callbacks run on real time. */
const realTick = () => new Promise((resolve) => setImmediate(resolve));

/** Lets answers arrive and renders settle; the few fake ms run the short timers that deliver them. */
async function settle() {
  for (let round = 0; round < 3; round += 1) {
    await act(async () => {
      await realTick();
      await vi.advanceTimersByTimeAsync(1);
    });
  }
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle();
}

describe('TopUpReturn', () => {
  beforeEach(() => {
    // Only the clocks the poll uses: fetch's own I/O keeps running on real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function statusCalls(calls: { path: string }[]) {
    return calls.filter((call) => call.path === '/api/payment/status/ref-1').length;
  }

  it('asks every 5 seconds while pending, then stops on success with "Payment successful!"', async () => {
    const statuses = ['pending', 'pending', 'success'];
    const { calls } = mockApi({
      'GET /api/payment/status/ref-1': () => [200, answer(statuses.shift() ?? 'success')],
    });
    const onFinished = vi.fn();
    renderWithProviders(<TopUpReturn reference="ref-1" onFinished={onFinished} />);
    await settle();
    expect(statusCalls(calls)).toBe(1);
    expect(screen.getByRole('dialog', { name: 'We are processing your request' })).toBeInTheDocument();

    await advance(PAYMENT_STATUS_POLL_MS - 20);
    expect(statusCalls(calls)).toBe(1);
    await advance(20);
    expect(statusCalls(calls)).toBe(2);
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(statusCalls(calls)).toBe(3);

    expect(onFinished).toHaveBeenCalledWith('success');
    expect(screen.getByText('Payment successful!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await advance(PAYMENT_STATUS_POLL_MS * 3);
    expect(statusCalls(calls)).toBe(3);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it.each(['failed', 'abandoned'])('stops on %s with "Payment failed. Please try again."', async (final) => {
    const statuses = ['pending', final];
    const { calls } = mockApi({
      'GET /api/payment/status/ref-1': () => [200, answer(statuses.shift() ?? final)],
    });
    const onFinished = vi.fn();
    renderWithProviders(<TopUpReturn reference="ref-1" onFinished={onFinished} />);
    await settle();
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(onFinished).toHaveBeenCalledWith('failed');
    expect(screen.getByText('Payment failed. Please try again.')).toBeInTheDocument();
    await advance(PAYMENT_STATUS_POLL_MS * 3);
    expect(statusCalls(calls)).toBe(2);
  });

  it('treats a payment the server does not know as failed and stops asking', async () => {
    const { calls } = mockApi({
      'GET /api/payment/status/ref-1': [404, { code: 'NOT_FOUND', message: 'Not found' }],
    });
    const onFinished = vi.fn();
    renderWithProviders(<TopUpReturn reference="ref-1" onFinished={onFinished} />);
    await settle();
    expect(onFinished).toHaveBeenCalledWith('failed');
    await advance(PAYMENT_STATUS_POLL_MS * 2);
    expect(statusCalls(calls)).toBe(1);
  });

  it('keeps asking through a server hiccup', async () => {
    const answers: [number, unknown][] = [
      [503, { code: 'SERVICE_UNAVAILABLE', message: 'Try later' }],
      [200, answer('success')],
    ];
    const { calls } = mockApi({
      'GET /api/payment/status/ref-1': () => answers.shift() ?? [200, answer('success')],
    });
    const onFinished = vi.fn();
    renderWithProviders(<TopUpReturn reference="ref-1" onFinished={onFinished} />);
    await settle();
    expect(onFinished).not.toHaveBeenCalled();
    await advance(PAYMENT_STATUS_POLL_MS);
    expect(statusCalls(calls)).toBe(2);
    expect(onFinished).toHaveBeenCalledWith('success');
  });

  it('asks again at once from the refresh link of the slow notice', async () => {
    const { calls } = mockApi({ 'GET /api/payment/status/ref-1': [200, answer('pending')] });
    renderWithProviders(<TopUpReturn reference="ref-1" onFinished={vi.fn()} />);
    await settle();
    await advance(15_000);
    const before = statusCalls(calls);
    await act(async () => {
      screen.getByRole('button', { name: 'Refresh' }).click();
    });
    await settle();
    expect(statusCalls(calls)).toBe(before + 1);
  });
});
