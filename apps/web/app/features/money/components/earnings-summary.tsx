import type { Language } from '@app/shared/constants';
import type { EarningsSummary as Summary } from '@app/shared/schemas/wallet';
import { DISPUTE_WINDOW_HOURS } from '@app/shared/session-rules';
import { useTranslation } from 'react-i18next';
import { dateTimeOf } from '#app/lib/format';
import { money } from '#app/lib/money';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';

export interface EarningsSummaryProps {
  summary: Summary;
  language: Language;
  /** A payout needs a saved bank account. */
  hasBankAccount: boolean;
  onPayout(): void;
}

/** What can be paid out now, with the payout request, and the totals behind it. */
export function EarningsSummary({ summary, language, hasBankAccount, onPayout }: EarningsSummaryProps) {
  const { t } = useTranslation();
  const canPayOut = summary.available > 0 && hasBankAccount;
  const stats = [
    ['totalEarned', t('earningsScreens.totalEarned'), summary.totalEarned],
    ['thisMonth', t('earningsScreens.thisMonth'), summary.thisMonthEarned],
    ['totalWithdrawn', t('earningsScreens.totalWithdrawn'), summary.totalWithdrawn],
    ['pendingPayouts', t('earningsScreens.pendingPayouts'), summary.pendingPayouts],
    ['commission', t('earningsScreens.commission', { rate: summary.commissionRate }), summary.totalCommission],
  ] as const;

  return (
    <div className="grid items-stretch gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
      <section
        aria-labelledby="earnings-available-heading"
        className="flex flex-col justify-between gap-6 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 p-6 text-white shadow-sm"
      >
        <div>
          <h2 id="earnings-available-heading" className="text-sm font-medium text-brand-100">
            {t('earningsScreens.available')}
          </h2>
          <p data-testid="earnings-available" className="mt-2 text-4xl font-semibold tracking-tight tabular-nums">
            {money(summary.available, summary.currency, language)}
          </p>
        </div>
        <div className="flex flex-col items-start gap-2">
          <Button variant="secondary" onClick={onPayout} disabled={!canPayOut} className="disabled:opacity-70">
            {t('earningsScreens.payout.open')}
          </Button>
          {!canPayOut ? (
            <p className="text-sm text-brand-100">
              {summary.available > 0
                ? t('earningsScreens.payout.needsBank')
                : t('earningsScreens.payout.nothingAvailable')}
            </p>
          ) : null}
        </div>
        <HeldEarnings summary={summary} language={language} />
      </section>
      <section
        aria-labelledby="earnings-summary-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="earnings-summary-heading" className="text-lg font-semibold">
          {t('earningsScreens.summary')}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3">
          {stats.map(([key, label, value]) => (
            <div
              key={key}
              className={key === 'commission' ? 'col-span-2 rounded-xl bg-slate-50 p-3' : 'rounded-xl bg-slate-50 p-3'}
            >
              <dt className="text-xs font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 font-semibold tabular-nums">{money(value, summary.currency, language)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/**
 * Earnings held after each session for the dispute window (the client may report that it did
 * not take place), each with the moment it becomes withdrawable in the reader's zone.
 */
function HeldEarnings({ summary, language }: { summary: Summary; language: Language }) {
  const { t } = useTranslation();
  const zone = useViewerZone();
  if (summary.held <= 0) return null;
  return (
    <div className="rounded-xl bg-white/10 p-3 text-sm" data-testid="earnings-held">
      <h3 className="font-semibold">
        {t('earningsScreens.held.heading', { amount: money(summary.held, summary.currency, language) })}
      </h3>
      <p className="mt-1 text-brand-100">{t('earningsScreens.held.intro', { hours: DISPUTE_WINDOW_HOURS })}</p>
      {zone ? (
        <ul className="mt-2 flex flex-col gap-1">
          {summary.heldItems.map((item) => (
            <li key={item.bookingIdentifier} className="tabular-nums">
              {item.until
                ? t('earningsScreens.held.until', {
                    amount: money(item.amount, summary.currency, language),
                    when: dateTimeOf(item.until, zone, language),
                  })
                : t('earningsScreens.held.underReport', { amount: money(item.amount, summary.currency, language) })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
