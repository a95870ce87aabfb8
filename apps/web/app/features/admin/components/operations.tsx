import { BOOKING_STATUS_VALUES } from '@app/shared/schemas/admin';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { money } from '#app/lib/money';
import { useReaderDates } from '#app/lib/reader-dates';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { type BookingStatus, useBookingsByStatus } from '../api/get-bookings-by-status';
import { useMoneyOperations } from '../api/get-money-operations';
import { useReconciliation } from '../api/get-reconciliation';
import { Badge, Cell, DataTable, EmptyRow } from './table';

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 text-lg font-semibold">
      {children}
    </h2>
  );
}

function bookingStatusOf(value: string | null): BookingStatus {
  return (BOOKING_STATUS_VALUES as readonly string[]).includes(value ?? '') ? (value as BookingStatus) : 'pending';
}

/** Bookings by status: the count of each status as a link, and the chosen status's bookings. */
export function BookingsByStatus() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [params] = useSearchParams();
  const status = bookingStatusOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useBookingsByStatus({ status, page });

  return (
    <section aria-labelledby="ops-bookings" className="mb-8">
      <Heading id="ops-bookings">{t('admin.operations.bookings')}</Heading>
      <LoadGate query={query}>
        {(result) => (
          <>
            <nav aria-label={t('admin.operations.bookingStatusLabel')} className="mb-3">
              <ul className="flex flex-wrap gap-2">
                {BOOKING_STATUS_VALUES.map((value) => (
                  <li key={value}>
                    <Link
                      to={`?status=${value}`}
                      preventScrollReset
                      aria-current={value === status ? 'page' : undefined}
                      className={cn(
                        'inline-block rounded-full border px-3 py-1 text-sm font-medium',
                        value === status
                          ? 'border-brand-700 bg-brand-50 text-brand-800'
                          : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                      )}
                    >
                      {t('admin.operations.statusCount', {
                        status: t(`admin.operations.bookingStatus.${value}`),
                        count: result.counts[value] ?? 0,
                      })}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <DataTable
              caption={t(`admin.operations.bookingStatus.${status}`)}
              testId="ops-bookings"
              columns={[
                t('admin.operations.created'),
                t('admin.operations.starts'),
                t('admin.operations.client'),
                t('admin.operations.provider'),
                t('admin.operations.amount'),
                t('admin.operations.paid'),
              ]}
            >
              {result.data.length === 0 ? (
                <EmptyRow colSpan={6}>{t('admin.operations.noBookings')}</EmptyRow>
              ) : (
                result.data.map((booking) => (
                  <tr key={booking.identifier}>
                    <Cell className="whitespace-nowrap">{when.dateTime(booking.createdAt)}</Cell>
                    <Cell className="whitespace-nowrap">
                      {booking.startsAt ? when.dateTime(booking.startsAt) : t('admin.operations.unscheduled')}
                    </Cell>
                    <Cell className="break-words">{booking.client.email}</Cell>
                    <Cell className="break-words">{booking.provider.email}</Cell>
                    <Cell className="whitespace-nowrap">{money(booking.priceMinor, booking.currencyCode, lang)}</Cell>
                    <Cell>{t(booking.paid ? 'admin.common.yes' : 'admin.common.no')}</Cell>
                  </tr>
                ))
              )}
            </DataTable>
            <Pagination
              page={result.meta.page}
              totalPages={result.meta.totalPages}
              hrefFor={(next) => pageSearch(params, next)}
            />
          </>
        )}
      </LoadGate>
    </section>
  );
}

/** Top-ups, card payments and payouts still waiting for the gateway, oldest first. */
export function MoneyAwaitingAction() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const query = useMoneyOperations();
  const state = (overdue: boolean) => (
    <Badge tone={overdue ? 'danger' : 'neutral'}>
      {t(overdue ? 'admin.operations.overdue' : 'admin.operations.waiting')}
    </Badge>
  );
  return (
    <section aria-labelledby="ops-money" className="mb-8">
      <Heading id="ops-money">{t('admin.operations.money')}</Heading>
      <LoadGate query={query}>
        {(result) => (
          <div className="flex flex-col gap-6">
            <div>
              <h3 className="mb-2 font-semibold">{t('admin.operations.payments')}</h3>
              <DataTable
                caption={t('admin.operations.payments')}
                testId="ops-payments"
                columns={[
                  t('admin.operations.created'),
                  t('admin.operations.purpose'),
                  t('admin.operations.user'),
                  t('admin.operations.amount'),
                  t('admin.operations.reference'),
                  t('admin.operations.lastChecked'),
                  t('admin.operations.state'),
                ]}
              >
                {result.pendingPayments.length === 0 ? (
                  <EmptyRow colSpan={7}>{t('admin.operations.noPayments')}</EmptyRow>
                ) : (
                  result.pendingPayments.map((payment) => (
                    <tr key={payment.identifier}>
                      <Cell className="whitespace-nowrap">{when.dateTime(payment.createdAt)}</Cell>
                      <Cell>{t(`admin.operations.purposes.${payment.purpose}`)}</Cell>
                      <Cell className="break-words">{payment.user.email}</Cell>
                      <Cell className="whitespace-nowrap">
                        {money(payment.amountMinor, payment.currencyCode, lang)}
                      </Cell>
                      <Cell className="font-mono text-xs break-all">{payment.reference}</Cell>
                      <Cell className="whitespace-nowrap">
                        {payment.lastCheckedAt ? when.dateTime(payment.lastCheckedAt) : t('admin.common.never')}
                      </Cell>
                      <Cell>{state(payment.overdue)}</Cell>
                    </tr>
                  ))
                )}
              </DataTable>
            </div>
            <div>
              <h3 className="mb-2 font-semibold">{t('admin.operations.payouts')}</h3>
              <DataTable
                caption={t('admin.operations.payouts')}
                testId="ops-payouts"
                columns={[
                  t('admin.operations.created'),
                  t('admin.operations.user'),
                  t('admin.operations.amount'),
                  t('admin.operations.reference'),
                  t('admin.operations.lastChecked'),
                  t('admin.operations.state'),
                ]}
              >
                {result.pendingPayouts.length === 0 ? (
                  <EmptyRow colSpan={6}>{t('admin.operations.noPayouts')}</EmptyRow>
                ) : (
                  result.pendingPayouts.map((payout) => (
                    <tr key={payout.identifier}>
                      <Cell className="whitespace-nowrap">{when.dateTime(payout.createdAt)}</Cell>
                      <Cell className="break-words">{payout.user.email}</Cell>
                      <Cell className="whitespace-nowrap">{money(payout.amountMinor, payout.currencyCode, lang)}</Cell>
                      <Cell className="font-mono text-xs break-all">{payout.reference}</Cell>
                      <Cell className="whitespace-nowrap">
                        {payout.lastCheckedAt ? when.dateTime(payout.lastCheckedAt) : t('admin.common.never')}
                      </Cell>
                      <Cell>{state(payout.overdue)}</Cell>
                    </tr>
                  ))
                )}
              </DataTable>
            </div>
          </div>
        )}
      </LoadGate>
    </section>
  );
}

/** The ledger check of the money module: mismatches listed, or a plain "balanced". */
export function ReconciliationPanel() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const query = useReconciliation();
  const groups = [
    { key: 'unbalancedTransactions', label: 'admin.operations.unbalanced' },
    { key: 'mismatchedAccounts', label: 'admin.operations.mismatched' },
    { key: 'negativeAccounts', label: 'admin.operations.negative' },
  ] as const;
  return (
    <section aria-labelledby="ops-reconciliation" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading id="ops-reconciliation">{t('admin.operations.reconciliation')}</Heading>
        <Button variant="secondary" loading={query.isFetching} onClick={() => query.refetch()}>
          {t('admin.operations.runCheck')}
        </Button>
      </div>
      <LoadGate query={query}>
        {(result) => {
          const found = groups.filter((group) => result[group.key].length > 0);
          return (
            <div data-testid="ops-reconciliation">
              <p className="mb-2 text-sm text-slate-600">
                {t('admin.operations.checkedAt', { time: when.dateTime(result.checkedAt) })}
              </p>
              {found.length === 0 ? (
                <p className="font-medium text-green-800">{t('admin.operations.balanced')}</p>
              ) : (
                found.map((group) => (
                  <div key={group.key} className="mb-3" role="alert">
                    <p className="font-medium text-red-800">{t(group.label)}</p>
                    <ul className="list-disc pl-5 font-mono text-xs break-all">
                      {result[group.key].map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </div>
                ))
              )}
            </div>
          );
        }}
      </LoadGate>
    </section>
  );
}
