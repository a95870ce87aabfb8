import { MANUAL_PAYOUT_STATES, type ManualPayout, type ManualPayoutState } from '@app/shared/schemas/manual-payouts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { money } from '#app/lib/money';
import { useReaderDates } from '#app/lib/reader-dates';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { useManualPayouts } from '../api/list-manual-payouts';
import { ADMIN_MODALS } from '../lib/modals';
import { oneOf, SwitchLinks } from './filters';
import { Badge, Cell, DataTable, EmptyRow } from './table';

type Bank = ManualPayout['bankAccount'];

/** The bank code's name in the provider's country: a sort code (GB), a routing number (US), a BIC (IBAN countries), else a bank code. */
function bankCodeLabel(t: TFunction, variant: string | null): string {
  if (variant === 'GB') return t('admin.payouts.bank.sortCode');
  if (variant === 'US') return t('admin.payouts.bank.routingNumber');
  if (variant === 'IBAN') return t('admin.payouts.bank.bic');
  return t('admin.payouts.bank.bankCode');
}

/** One line of bank details; `code` for digits an operator types into the bank's form. */
type BankLine = [label: string, value: string | null, code?: boolean];

/** The bank details exactly as the API keeps them for the transfer; absent fields are left out. */
function bankLines(t: TFunction, bank: Bank): BankLine[] {
  const lines: BankLine[] = [
    [t('admin.payouts.bank.accountName'), bank.accountName],
    [t('admin.payouts.bank.bankName'), bank.bankName],
    [bankCodeLabel(t, bank.variant), bank.bankCode || null, true],
    [
      t(bank.variant === 'IBAN' ? 'admin.payouts.bank.iban' : 'admin.payouts.bank.accountNumber'),
      bank.accountNumber,
      true,
    ],
    [
      t('admin.payouts.bank.accountType'),
      bank.accountType
        ? t(`admin.payouts.bank.accountTypes.${bank.accountType}`, { defaultValue: bank.accountType })
        : null,
    ],
    [
      t('admin.payouts.bank.accountOwnership'),
      bank.accountOwnership
        ? t(`admin.payouts.bank.ownerships.${bank.accountOwnership}`, { defaultValue: bank.accountOwnership })
        : null,
    ],
    [t('admin.payouts.bank.address'), [bank.address, bank.postalCode].filter(Boolean).join(', ') || null],
  ];
  return lines.filter((line) => Boolean(line[1]));
}

function BankDetails({ bank }: { bank: Bank }) {
  const { t } = useTranslation();
  const lines = bankLines(t, bank);
  if (lines.length === 0) return <span className="text-slate-600">{t('admin.payouts.bank.none')}</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {lines.map(([label, value, code]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className={cn('break-words text-slate-900', code && 'font-mono')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Outcome({ payout }: { payout: ManualPayout }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { record } = payout;
  if (!record) return <Badge tone="warning">{t('admin.payouts.state.awaiting')}</Badge>;
  return (
    <div className="flex flex-col gap-1">
      <Badge tone={record.outcome === 'paid' ? 'success' : 'danger'}>
        {t(`admin.payouts.state.${record.outcome}`)}
      </Badge>
      {record.bankReference ? (
        <p className="text-xs break-words">
          {t('admin.payouts.bankReferenceValue', { reference: record.bankReference })}
        </p>
      ) : null}
      {record.note ? <p className="text-xs break-words text-slate-700">{record.note}</p> : null}
      <p className="text-xs text-slate-600">
        {t('admin.payouts.recordedBy', { name: record.recordedBy.name, time: when.dateTime(record.recordedAt) })}
      </p>
    </div>
  );
}

function PayoutRow({ payout }: { payout: ManualPayout }) {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  const amount = money(payout.amount, payout.currencyCode, lang);
  return (
    <tr data-testid={`manual-payout-${payout.identifier}`}>
      <Cell>{when.dateTime(payout.createdAt)}</Cell>
      <Cell className="break-words">
        <p className="font-medium">{payout.provider.name}</p>
        <p className="text-xs text-slate-600">{payout.provider.email}</p>
      </Cell>
      <Cell className="w-40">
        <p className="font-semibold whitespace-nowrap">{amount}</p>
        <p className="mt-1 font-mono text-xs break-all text-slate-600">{payout.reference}</p>
      </Cell>
      <Cell className="min-w-60">
        <BankDetails bank={payout.bankAccount} />
      </Cell>
      <Cell>
        {payout.record ? (
          <Outcome payout={payout} />
        ) : (
          <div className="flex flex-col gap-2">
            <Button
              className="min-h-8 px-3 py-1 whitespace-nowrap"
              aria-label={t('admin.payouts.markPaidNamed', { amount, name: payout.provider.name })}
              onClick={() => modals.open(ADMIN_MODALS.payoutRecord, { payout, outcome: 'paid' })}
            >
              {t('admin.payouts.markPaid')}
            </Button>
            <Button
              variant="danger"
              className="min-h-8 px-3 py-1 whitespace-nowrap"
              aria-label={t('admin.payouts.markFailedNamed', { amount, name: payout.provider.name })}
              onClick={() => modals.open(ADMIN_MODALS.payoutRecord, { payout, outcome: 'failed' })}
            >
              {t('admin.payouts.markFailed')}
            </Button>
          </div>
        )}
      </Cell>
    </tr>
  );
}

/** Payouts an operator makes by bank transfer: awaiting (oldest first), or recorded as paid or failed. */
export function ManualPayouts() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const state = oneOf<ManualPayoutState>(MANUAL_PAYOUT_STATES, params.get('state'), 'awaiting');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useManualPayouts({ state, page });

  return (
    <>
      <SwitchLinks
        label={t('admin.payouts.stateLabel')}
        param="state"
        current={state}
        options={MANUAL_PAYOUT_STATES.map((value) => ({ value, label: t(`admin.payouts.state.${value}`) }))}
      />
      <LoadGate query={query}>
        {(result) => (
          <>
            <DataTable
              caption={t(`admin.payouts.state.${state}`)}
              testId="manual-payouts"
              columns={[
                t('admin.payouts.requested'),
                t('admin.payouts.provider'),
                t('admin.payouts.amount'),
                t('admin.payouts.bankDetails'),
                state === 'awaiting' ? t('admin.common.actions') : t('admin.payouts.outcome'),
              ]}
            >
              {result.data.length === 0 ? (
                <EmptyRow colSpan={5}>{t(`admin.payouts.empty.${state}`)}</EmptyRow>
              ) : (
                result.data.map((payout) => <PayoutRow key={payout.identifier} payout={payout} />)
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
    </>
  );
}
