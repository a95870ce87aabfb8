import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useVirtualAccount } from '../api/get-virtual-account';
import { errorText } from '../lib/error-text';

export interface BankTransferPanelProps {
  /** The profile page, where a client without first and last name adds them. */
  accountPath: string;
  /** "I Have Made The Payment". */
  onPaid(): void;
}

/**
 * Bank-transfer top-up (SPEC.md §4): the client's own account number (created on first use,
 * which needs first and last name), then "I Have Made The Payment".
 */
export function BankTransferPanel({ accountPath, onPaid }: BankTransferPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const account = useVirtualAccount();

  if (account.isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-sm text-slate-600">
        <span className="text-brand-700">
          <Spinner />
        </span>
        <p>{t('walletScreens.bank.preparing')}</p>
      </div>
    );
  }

  if (account.isError) {
    const needsName = account.error instanceof ApiError && account.error.code === 'VIRTUAL_ACCOUNT_NAME_REQUIRED';
    return (
      <div className="flex flex-col items-start gap-4 rounded-xl bg-amber-50 p-4 text-sm">
        <p role="alert" className="text-amber-950">
          {errorText(t, account.error)}
        </p>
        {needsName ? (
          <Link
            to={accountPath}
            className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t('walletScreens.bank.updateProfile')}
          </Link>
        ) : (
          <Button variant="secondary" onClick={() => account.refetch()} loading={account.isRefetching}>
            {t('walletScreens.retry')}
          </Button>
        )}
      </div>
    );
  }

  const { bankName, accountNumber, accountName } = account.data;

  async function copyNumber() {
    try {
      await navigator.clipboard.writeText(accountNumber);
      toast.success(t('walletScreens.bank.copied'));
    } catch {
      // Clipboard refused (permissions, insecure origin): the number stays visible to copy by hand.
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">{t('walletScreens.bank.intro')}</p>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50 text-sm">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-slate-600">{t('walletScreens.bank.bankName')}</dt>
          <dd className="text-right font-semibold">{bankName}</dd>
        </div>
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-slate-600">{t('walletScreens.bank.accountNumber')}</dt>
          <dd className="flex items-center gap-2">
            <span data-testid="virtual-account-number" className="font-mono text-lg font-semibold tracking-wider">
              {accountNumber}
            </span>
            <button
              type="button"
              onClick={() => void copyNumber()}
              aria-label={t('walletScreens.bank.copy')}
              title={t('walletScreens.bank.copy')}
              className="rounded-md p-1.5 text-brand-700 hover:bg-brand-100"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <rect x="8" y="8" width="12" height="12" rx="2" />
                <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
              </svg>
            </button>
          </dd>
        </div>
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <dt className="text-slate-600">{t('walletScreens.bank.accountName')}</dt>
          <dd className="text-right font-semibold">{accountName}</dd>
        </div>
      </dl>
      <Button onClick={onPaid} className="w-full">
        {t('walletScreens.bank.madePayment')}
      </Button>
    </div>
  );
}
