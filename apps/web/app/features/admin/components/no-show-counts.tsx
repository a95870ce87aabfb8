import { BOOKING_PARTIES, type BookingParty } from '@app/shared/schemas/bookings';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReaderDates } from '#app/lib/reader-dates';
import { LoadGate } from '#app/ui/load-gate';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { useNoShows } from '../api/list-no-shows';
import { oneOf, SwitchLinks } from './filters';
import { Cell, DataTable, EmptyRow } from './table';

/** Who missed sessions, as providers or as clients (the switch is in the URL), most first. */
export function NoShowCounts() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const party = oneOf<BookingParty>(BOOKING_PARTIES, params.get('party'), 'provider');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useNoShows({ party, page });
  const parties: BookingParty[] = ['provider', 'client'];

  return (
    <>
      <SwitchLinks
        label={t('admin.noShows.partyLabel')}
        param="party"
        current={party}
        options={parties.map((value) => ({ value, label: t(`admin.noShows.party.${value}`) }))}
      />
      <LoadGate query={query}>
        {(result) => (
          <>
            <DataTable
              caption={t(`admin.noShows.party.${party}`)}
              testId="no-show-counts"
              columns={[
                t('admin.common.name'),
                t('admin.common.email'),
                t('admin.noShows.noShows'),
                t('admin.noShows.sessions'),
                t('admin.noShows.last'),
              ]}
            >
              {result.data.length === 0 ? (
                <EmptyRow colSpan={5}>{t('admin.noShows.empty')}</EmptyRow>
              ) : (
                result.data.map((row) => (
                  <tr key={row.user.identifier} data-testid={`no-show-${row.user.identifier}`}>
                    <Cell className="font-medium">{row.user.name || t('admin.common.noName')}</Cell>
                    <Cell className="break-words">{row.user.email}</Cell>
                    <Cell className="font-semibold tabular-nums">{row.noShows}</Cell>
                    <Cell className="tabular-nums">{row.sessions}</Cell>
                    <Cell className="whitespace-nowrap">{when.dateTime(row.lastNoShowAt)}</Cell>
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
