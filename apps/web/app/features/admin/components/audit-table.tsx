import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReaderDates } from '#app/lib/reader-dates';
import { LoadGate } from '#app/ui/load-gate';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { useAudit } from '../api/list-audit';
import { FilterForm, SelectFilter } from './filters';
import { Cell, DataTable, EmptyRow } from './table';

/** The domains of actions the filter offers (an action is `<domain>.<verb>`). */
const DOMAINS = ['provider', 'user', 'view_mode', 'flag', 'review', 'payout'] as const;

/** `provider.approve` → its words under admin.audit.actions, or the action itself for one we do not know yet. */
function actionLabel(t: TFunction, action: string): string {
  return t(`admin.audit.actions.${action.replaceAll('.', '_')}`, { defaultValue: action }) as string;
}

/** Detail values as "key: value" pairs (ids and decisions only, never personal data). */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

/** The audit trail, newest first, filtered by a domain of actions. */
export function AuditTable() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAudit({ action: action || undefined, page });

  return (
    <>
      <FilterForm
        key={params.toString()}
        onApply={(values) =>
          setParams(values.action ? new URLSearchParams({ action: values.action }) : new URLSearchParams())
        }
      >
        <SelectFilter
          label={t('admin.audit.actionLabel')}
          name="action"
          value={action}
          options={[
            { value: '', label: t('admin.common.all') },
            ...DOMAINS.map((value) => ({ value, label: t(`admin.audit.domains.${value}`) })),
          ]}
        />
      </FilterForm>
      <LoadGate query={query}>
        {(result) => (
          <>
            <DataTable
              caption={t('admin.audit.title')}
              testId="audit-table"
              columns={[
                t('admin.audit.when'),
                t('admin.audit.who'),
                t('admin.audit.what'),
                t('admin.audit.target'),
                t('admin.audit.detail'),
              ]}
            >
              {result.data.length === 0 ? (
                <EmptyRow colSpan={5}>{t('admin.audit.empty')}</EmptyRow>
              ) : (
                result.data.map((entry) => (
                  <tr key={entry.identifier}>
                    <Cell className="whitespace-nowrap">{when.dateTime(entry.at)}</Cell>
                    <Cell className="break-words">
                      {entry.actor.identifier ? (entry.actor.email ?? entry.actor.identifier) : t('admin.audit.system')}
                    </Cell>
                    <Cell>{actionLabel(t, entry.action)}</Cell>
                    <Cell className="break-words">{entry.targetLabel ?? entry.targetIdentifier ?? '—'}</Cell>
                    <Cell className="text-xs break-all text-slate-600">{detailText(entry.detail)}</Cell>
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
    </>
  );
}
