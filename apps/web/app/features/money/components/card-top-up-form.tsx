import type { CurrencyCode } from '@app/shared/currency';
import { minTopUpMinor } from '@app/shared/currency';
import { parseMajorInput } from '@app/shared/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { useAmountIdempotencyKey } from '#app/lib/idempotency-key';
import { money } from '#app/lib/money';
import { tMessage } from '#app/lib/t-message';
import { useLang } from '#app/lib/use-lang';
import { AmountField } from '#app/ui/amount-field';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useStartCardTopUp } from '../api/start-card-top-up';
import { topUpFormSchema } from '../lib/top-up-form';

export interface CardTopUpFormProps {
  currency: CurrencyCode;
  /** Where the checkout sends the payer back, e.g. /de/wallet/ (the gateway adds ?reference=). */
  callbackUrl: string;
  /** Leaves for the gateway's page; a prop so tests can watch it. */
  onRedirect?(url: string): void;
}

function goTo(url: string) {
  window.location.assign(url);
}

/**
 * Card top-up (SPEC.md §4 "Card top-up"): an amount of at least the minimum, sent × 100; the
 * answer's authorizationUrl is the gateway's checkout, which returns to `callbackUrl`.
 */
export function CardTopUpForm({ currency, callbackUrl, onRedirect = goTo }: CardTopUpFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const toast = useToast();
  const start = useStartCardTopUp();
  const [redirecting, setRedirecting] = useState(false);
  const idempotency = useAmountIdempotencyKey();
  const schema = useMemo(() => topUpFormSchema(currency), [currency]);
  const {
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '' } });

  const text = watch('amount');
  const typedMinor = parseMajorInput(text);
  const minimum = money(minTopUpMinor(currency), currency, lang);

  const onSubmit = handleSubmit(async ({ amount }) => {
    const idempotencyKey = idempotency.keyFor(amount);
    try {
      const answer = await start.mutateAsync({ body: { amount, callbackUrl }, idempotencyKey });
      setRedirecting(true);
      onRedirect(answer.metadata.authorizationUrl);
    } catch (failure) {
      showServerError(failure, { setError, fields: ['amount'], toast, t });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <AmountField
        control={control}
        name="amount"
        label={t('walletScreens.topUp.amount', { currency })}
        currency={currency}
        disabled={redirecting}
        error={tMessage(t, errors.amount?.message)}
        hint={
          typedMinor !== null && typedMinor >= minTopUpMinor(currency)
            ? t('walletScreens.topUp.amountPreview', { amount: money(typedMinor, currency, lang) })
            : t('walletScreens.topUp.amountHint', { amount: minimum })
        }
      />
      {redirecting ? (
        <p role="status" className="text-sm text-slate-600">
          {t('walletScreens.topUp.redirecting')}
        </p>
      ) : null}
      <Button type="submit" loading={start.isPending || redirecting} className="w-full">
        {t('walletScreens.topUp.continue')}
      </Button>
    </form>
  );
}
