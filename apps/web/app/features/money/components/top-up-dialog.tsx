import type { CurrencyCode } from '@app/shared/currency';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { walletKeys } from '#app/api/keys/money';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { WALLET_MODALS } from '../lib/modals';
import { BankTransferPanel } from './bank-transfer-panel';
import { CardTopUpForm } from './card-top-up-form';

type Step = 'choose' | 'card' | 'bank' | 'processing';

export interface TopUpDialogProps {
  currency: CurrencyCode;
  /** Where the card checkout returns (this wallet page, in the current language). */
  callbackUrl: string;
  /** The profile page (a bank account number needs first and last name). */
  accountPath: string;
  onRedirect?(url: string): void;
}

const icon = (path: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="h-6 w-6"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);

const CARD_ICON = icon(
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
    <path d="M2.5 10h19M6.5 15h4" />
  </>,
);
const BANK_ICON = icon(<path d="M3 10h18L12 4 3 10zM5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18" />);

function MethodButton({
  title,
  hint,
  symbol,
  onClick,
}: {
  title: string;
  hint: string;
  symbol: ReactNode;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 text-left transition-colors hover:border-brand-600 hover:bg-brand-50"
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {symbol}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold text-slate-900">{title}</span>
        <span className="text-sm text-slate-600">{hint}</span>
      </span>
      <span aria-hidden="true" className="ml-auto text-xl text-slate-400">
        ›
      </span>
    </button>
  );
}

/**
 * Wallet top-up (SPEC.md §2 "Modals"): choose card payment or bank transfer. Card goes to the
 * gateway's checkout; bank transfer shows the account number and, once the client says they
 * paid, a processing view (an email follows when the money arrives).
 */
export function TopUpDialog({ currency, callbackUrl, accountPath, onRedirect }: TopUpDialogProps) {
  const { t } = useTranslation();
  const binding = useModalBinding(WALLET_MODALS.topUp);
  const modals = useModals();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('choose');

  // Each opening starts with the choice.
  useEffect(() => {
    if (binding.open) setStep('choose');
  }, [binding.open]);

  function finish() {
    modals.closeAll();
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  }

  const description =
    step === 'choose'
      ? t('walletScreens.topUp.chooseMethod')
      : step === 'card'
        ? t('walletScreens.topUp.card')
        : step === 'bank'
          ? t('walletScreens.topUp.bank')
          : t('walletScreens.bank.processingTitle');

  return (
    <Dialog
      {...binding}
      onOpenChange={(open) => {
        if (open) binding.onOpenChange(true);
        else if (step === 'processing') finish();
        else binding.onOpenChange(false);
      }}
      title={t('walletScreens.topUp.title')}
      description={description}
    >
      {step === 'choose' ? (
        <div className="flex flex-col gap-3">
          <MethodButton
            title={t('walletScreens.topUp.card')}
            hint={t('walletScreens.topUp.cardHint')}
            symbol={CARD_ICON}
            onClick={() => setStep('card')}
          />
          <MethodButton
            title={t('walletScreens.topUp.bank')}
            hint={t('walletScreens.topUp.bankHint')}
            symbol={BANK_ICON}
            onClick={() => setStep('bank')}
          />
        </div>
      ) : null}

      {step === 'card' || step === 'bank' ? (
        <div className="flex flex-col gap-4">
          {step === 'card' ? (
            <CardTopUpForm currency={currency} callbackUrl={callbackUrl} onRedirect={onRedirect} />
          ) : (
            <BankTransferPanel accountPath={accountPath} onPaid={() => setStep('processing')} />
          )}
          <button
            type="button"
            onClick={() => setStep('choose')}
            className="self-center rounded px-2 py-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            ‹ {t('walletScreens.topUp.back')}
          </button>
        </div>
      ) : null}

      {step === 'processing' ? (
        <div className="flex flex-col items-center gap-4 py-2 text-center">
          <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {icon(
              <>
                <circle cx="12" cy="12" r="8.5" />
                <path d="M12 7.5V12l3 2" />
              </>,
            )}
          </span>
          <p role="status" className="text-base font-semibold text-slate-900">
            {t('walletScreens.bank.processingTitle')}
          </p>
          <p className="text-sm text-slate-600">{t('walletScreens.bank.processingText')}</p>
          <Button onClick={finish} className="w-full">
            {t('walletScreens.bank.done')}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
