import { describe, expect, it } from 'vitest';
import { references } from './references.ts';

const ID = '7d3c1f0e-2b4a-4c8e-9f10-123456789abc';

describe('payment references', () => {
  it('keeps the stored formats', () => {
    expect(references.bookingPayment(ID)).toBe(`booking:${ID}:payment`);
    expect(references.bookingRefund(ID)).toBe(`booking:${ID}:refund`);
    expect(references.bookingCardRefund(ID, 'pay-1')).toBe(`booking:${ID}:refund:pay-1`);
    expect(references.bookingEarning(ID)).toBe(`booking:${ID}:earning`);
    expect(references.cardPaymentLedger('pay-1')).toBe('payment:pay-1');
    expect(references.incomingTransfer('paystack', 'T123')).toBe('paystack:T123');
    expect(references.incomingTransferLedger('paystack:T123')).toBe('transfer:paystack:T123');
    expect(references.payoutLedger('po-1')).toBe('payout:po-1');
    expect(references.payoutReversalLedger('po-1')).toBe('payout-reversal:po-1');
    expect(references.demoTopUp(ID)).toBe(`demo:top-up:${ID}`);
  });

  it('makes new gateway references Paystack accepts (lowercase letters, digits, dashes; 16-50 characters)', () => {
    for (const make of [references.newCardPayment, references.newPayout, references.newSandboxTransfer]) {
      const a = make();
      expect(a).toMatch(/^[a-z0-9-]{16,50}$/);
      expect(make()).not.toBe(a);
    }
    expect(references.newCardPayment()).toMatch(/^pay-[0-9a-f]{32}$/);
    expect(references.newPayout()).toMatch(/^po-[0-9a-f]{32}$/);
    expect(references.newSandboxTransfer()).toMatch(/^sbx-trf-[0-9a-f]{32}$/);
  });
});
