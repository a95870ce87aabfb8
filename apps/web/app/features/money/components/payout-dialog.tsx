import type { Language } from '@app/shared/constants';
import type { CurrencyCode } from '@app/shared/currency';
import { groupThousands } from '@app/shared/money';
import { PayoutBodySchema } from '@app/shared/schemas/wallet';
import { z } from '@app/shared/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { useAmountIdempotencyKey } from '#app/lib/idempotency-key';
import { money } from '#app/lib/money';
import { tMessage } from '#app/lib/t-message';
import { AmountField } from '#app/ui/amount-field';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useRequestPayout } from '../api/request-payout';
import { EARNINGS_MODALS } from '../lib/earnings-modals';
import { amountTextSchema } from '../lib/top-up-form';

export interface PayoutDialogProps {
  currency: CurrencyCode;
  /** What can be paid out now (minor units). */
  available: number;
  language: Language;
}

/** The typed amount, at most what is available, then the route's own rule (PayoutBodySchema). */
function payoutFormSchema(available: number) {
  return z.object({
    amount: amountTextSchema.pipe(
      z
        .number()
        .min(1, 'validation.required')
        .max(available, 'errors.PAYOUT_EXCEEDS_AVAILABLE')
        .pipe(PayoutBodySchema.shape.amount),
    ),
  });
}

/** Whole major units of the available amount, as the input shows them ("12,500"). */
function availableText(available: number): string {
  return groupThousands(String(Math.floor(available / 100)));
}

/** Request a payout of earnings to the saved bank account (POST /earnings/payouts). */
export function PayoutDialog({ currency, available, language }: PayoutDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(EARNINGS_MODALS.payout);
  const payout = useRequestPayout();
  const idempotency = useAmountIdempotencyKey();
  const schema = useMemo(() => payoutFormSchema(available), [available]);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '' } });

  // Each opening proposes everything that is available.
  useEffect(() => {
    if (binding.open) reset({ amount: available >= 100 ? availableText(available) : '' });
  }, [binding.open, available, reset]);

  const onSubmit = handleSubmit(async ({ amount }) => {
    const idempotencyKey = idempotency.keyFor(amount);
    try {
      const answer = await payout.mutateAsync({ amount, idempotencyKey });
      idempotency.forget();
      toast.success(
        t('earningsScreens.payout.requested', { amount: money(answer.amount, answer.currencyCode, language) }),
      );
      modals.closeAll();
    } catch (failure) {
      showServerError(failure, { setError, fields: ['amount'], toast, t });
    }
  });

  return (
    <Dialog {...binding} title={t('earningsScreens.payout.title')} description={t('earningsScreens.payout.intro')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <AmountField
          control={control}
          name="amount"
          label={t('earningsScreens.payout.amount', { currency })}
          currency={currency}
          error={tMessage(t, errors.amount?.message)}
          hint={t('earningsScreens.payout.available', { amount: money(available, currency, language) })}
        />
        <Button type="submit" loading={payout.isPending} className="w-full">
          {t('earningsScreens.payout.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
