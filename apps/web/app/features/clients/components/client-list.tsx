import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shortDateOf } from '#app/lib/format';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { Link } from '#app/ui/link';
import { PersonAvatar } from '#app/ui/person-avatar';
import { Spinner } from '#app/ui/spinner';
import { useClientList } from '../api/list-clients';
import { clientName } from './client-name';

const badge = 'rounded-full px-2 py-0.5 text-xs font-medium';

/**
 * The provider's clients (SPEC.md §2 /clients, /clients/imported/): search by name or email,
 * "Load more" over the keyset pages, each with their last and next session and a link to their page.
 */
export function ClientList({ source = 'all' }: { source?: 'all' | 'imported' }) {
  const { t, i18n } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const list = useClientList(deferred, source);
  const clients = list.data?.pages.flatMap((page) => page.data) ?? [];
  const date = (instant: string) => (zone ? shortDateOf(instant, zone, i18n.language) : '');

  return (
    <div className="flex flex-col gap-4">
      <Field
        type="search"
        label={t('clients.searchLabel')}
        placeholder={t('clients.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="max-w-md"
      />
      {list.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner />
        </div>
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-sm">
          <p role="alert">{t('common.failedToLoad')}</p>
          <Button variant="secondary" onClick={() => list.refetch()}>
            {t('profileScreens.retry')}
          </Button>
        </div>
      ) : clients.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-sm text-slate-700">
          {deferred
            ? t('clients.noMatch')
            : source === 'imported'
              ? t('clients.importedPage.empty')
              : t('clients.empty')}
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
          data-testid="client-list"
        >
          {clients.map((client) => {
            const name = client.deleted ? t('clients.deletedClient') : clientName(client);
            return (
              <li key={client.identifier}>
                <Link
                  to={innerPaths.client(lang, client.identifier)}
                  className="flex flex-wrap items-center gap-3 p-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:flex-nowrap"
                >
                  <PersonAvatar name={name} photo={client.photoUrl} size="sm" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold [overflow-wrap:anywhere] text-ink">{name}</p>
                    {client.email ? (
                      <p className="text-sm [overflow-wrap:anywhere] text-slate-600">{client.email}</p>
                    ) : null}
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      {client.booked ? (
                        <span className={`${badge} bg-brand-50 text-brand-800`}>{t('clients.booked')}</span>
                      ) : null}
                      {client.imported ? (
                        <span className={`${badge} bg-slate-100 text-slate-700`}>{t('clients.imported')}</span>
                      ) : null}
                      {!client.hasAccount && !client.deleted ? (
                        <span className={`${badge} bg-amber-50 text-amber-900`}>{t('clients.noAccount')}</span>
                      ) : null}
                    </div>
                  </div>
                  <div className="w-full text-sm text-slate-700 sm:w-auto sm:text-right">
                    {client.nextSessionAt ? (
                      <p>{t('clients.nextSession', { date: date(client.nextSessionAt) })}</p>
                    ) : null}
                    {client.lastSessionAt ? (
                      <p>{t('clients.lastSession', { date: date(client.lastSessionAt) })}</p>
                    ) : null}
                    {!client.nextSessionAt && !client.lastSessionAt ? (
                      <p className="text-slate-500">{t('clients.noSessions')}</p>
                    ) : null}
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          loading={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage()}
        >
          {t('clients.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
