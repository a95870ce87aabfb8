import { VERIFICATION_STATUS_VALUES, type VerificationStatusValue } from '@app/shared/schemas/credentials';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { innerPaths } from '#app/lib/paths-inner';
import { useReaderDates } from '#app/lib/reader-dates';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { useProviderQueue } from '../api/list-providers';
import { FilterForm, SelectFilter } from './filters';
import { personName } from './people';
import { Badge, Cell, DataTable, EmptyRow, VERIFICATION_TONE } from './table';

function statusOf(value: string | null): VerificationStatusValue {
  return (VERIFICATION_STATUS_VALUES as readonly string[]).includes(value ?? '')
    ? (value as VerificationStatusValue)
    : 'submitted';
}

/** The review queue: providers by verification status (submitted first come, first served), searchable. */
export function ProviderQueue() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const searchQuery = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useProviderQueue({ status, searchQuery: searchQuery || undefined, page });

  return (
    <>
      <FilterForm
        key={params.toString()}
        searchValue={searchQuery}
        onApply={(values) => {
          const next = new URLSearchParams();
          if (values.status && values.status !== 'submitted') next.set('status', values.status);
          if (values.searchQuery) next.set('q', values.searchQuery);
          setParams(next);
        }}
      >
        <SelectFilter
          label={t('admin.queue.statusLabel')}
          name="status"
          value={status}
          options={VERIFICATION_STATUS_VALUES.map((value) => ({ value, label: t(`admin.verification.${value}`) }))}
        />
      </FilterForm>
      <LoadGate query={query}>
        {(result) => (
          <>
            <DataTable
              caption={t('admin.queue.title')}
              testId="provider-queue"
              columns={[
                t('admin.common.name'),
                t('admin.common.email'),
                t('admin.common.country'),
                t('admin.queue.statusLabel'),
                status === 'submitted' ? t('admin.queue.waitingSince') : t('admin.queue.updated'),
                <span key="actions" className="sr-only">
                  {t('admin.common.actions')}
                </span>,
              ]}
            >
              {result.data.length === 0 ? (
                <EmptyRow colSpan={6}>{t('admin.queue.empty')}</EmptyRow>
              ) : (
                result.data.map((row) => {
                  const name = personName(t, row);
                  return (
                    <tr key={row.identifier}>
                      <Cell className="font-medium">{name}</Cell>
                      <Cell className="break-words">{row.email}</Cell>
                      <Cell>{row.countryCode ?? '—'}</Cell>
                      <Cell>
                        <div className="flex flex-wrap gap-1">
                          <Badge tone={VERIFICATION_TONE[row.status]}>{t(`admin.verification.${row.status}`)}</Badge>
                          {row.listed ? <Badge tone="success">{t('admin.queue.listed')}</Badge> : null}
                          {row.suspended ? <Badge tone="danger">{t('admin.users.status.suspended')}</Badge> : null}
                        </div>
                      </Cell>
                      <Cell className="whitespace-nowrap">{when.dateTime(row.updatedAt)}</Cell>
                      <Cell>
                        <Link
                          to={innerPaths.adminProvider(lang, row.identifier)}
                          className="font-medium text-brand-700 underline"
                          aria-label={t('admin.queue.reviewNamed', { name })}
                        >
                          {t('admin.queue.review')}
                        </Link>
                      </Cell>
                    </tr>
                  );
                })
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
