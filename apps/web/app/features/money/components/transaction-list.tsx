import type { Language } from '@app/shared/constants';
import type { WalletTransaction } from '@app/shared/schemas/wallet';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money, signedMoney } from '#app/lib/money';
import { useReaderDates } from '#app/lib/reader-dates';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';

export interface TransactionListProps<T extends WalletTransaction> {
  items: T[];
  language: Language;
  /** The detail page of an item, when there is one. */
  hrefFor?(item: T): string;
  /** A second line under the title (e.g. an earning's commission, a payout's status). */
  extra?(item: T): ReactNode;
}

function DirectionIcon({ direction }: { direction: 'credit' | 'debit' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
        direction === 'credit' ? 'bg-green-50 text-green-700' : 'bg-slate-100 text-slate-600',
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {direction === 'credit' ? <path d="M12 5v14M5 12l7 7 7-7" /> : <path d="M12 19V5M5 12l7-7 7 7" />}
      </svg>
    </span>
  );
}

/** A statement: newest first, money in green with +, money out with −, the balance after each. */
export function TransactionList<T extends WalletTransaction>({
  items,
  language,
  hrefFor,
  extra,
}: TransactionListProps<T>) {
  const { t } = useTranslation();
  const when = useReaderDates();
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => {
        const href = hrefFor?.(item);
        return (
          <li key={item.identifier} data-testid="transaction" className="flex items-center gap-3 py-3">
            <DirectionIcon direction={item.direction} />
            <div className="min-w-0 flex-1">
              {href ? (
                <Link to={href} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {item.title}
                </Link>
              ) : (
                <p className="font-medium text-slate-900">{item.title}</p>
              )}
              <p className="text-xs text-slate-600">
                <time dateTime={item.createdAt}>{when.dateTime(item.createdAt)}</time>
                {' · '}
                {t(`walletScreens.transactions.types.${item.type}`)}
              </p>
              {extra ? <div className="mt-0.5 text-xs text-slate-600">{extra(item)}</div> : null}
            </div>
            <div className="text-right">
              <p
                className={cn(
                  'font-semibold whitespace-nowrap tabular-nums',
                  item.direction === 'credit' ? 'text-green-700' : 'text-slate-900',
                )}
              >
                {signedMoney(item.amount, item.direction, item.currencyCode, language)}
              </p>
              <p className="text-xs whitespace-nowrap text-slate-600">
                {t('walletScreens.transactions.balanceAfterValue', {
                  amount: money(item.balanceAfter, item.currencyCode, language),
                })}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
