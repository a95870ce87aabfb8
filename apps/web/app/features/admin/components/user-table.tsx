import { USER_ACCOUNT_STATUSES, type UserAccountStatus } from '@app/shared/schemas/admin';
import { USER_ROLES, type UserRole } from '@app/shared/schemas/auth-token';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '#app/api/client';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useReaderDates } from '#app/lib/reader-dates';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { Pagination, pageSearch } from '#app/ui/pagination';
import { useToast } from '#app/ui/toast';
import { useUsers } from '../api/list-users';
import { useStartViewMode } from '../api/start-view-mode';
import { ADMIN_MODALS } from '../lib/modals';
import { FilterForm, SelectFilter } from './filters';
import { personName } from './people';
import { Badge, Cell, DataTable, EmptyRow } from './table';

const STATUS_TONE = { active: 'success', suspended: 'danger', unverified: 'neutral' } as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/** Users with search and filters; suspend or reactivate; view the app as one of them. */
export function UserTable() {
  const when = useReaderDates();
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const toast = useToast();
  const modals = useModals();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const searchQuery = params.get('q') ?? '';
  const role = oneOf<UserRole>(USER_ROLES, params.get('role'));
  const status = oneOf<UserAccountStatus>(USER_ACCOUNT_STATUSES, params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useUsers({ searchQuery: searchQuery || undefined, role, status, page });
  const viewMode = useStartViewMode();

  const viewAs = async (userId: string) => {
    try {
      await viewMode.mutateAsync(userId);
      await navigate(paths.overview(lang));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <>
      <FilterForm
        key={params.toString()}
        searchValue={searchQuery}
        onApply={(values) => {
          const next = new URLSearchParams();
          if (values.searchQuery) next.set('q', values.searchQuery);
          if (values.role) next.set('role', values.role);
          if (values.status) next.set('status', values.status);
          setParams(next);
        }}
      >
        <SelectFilter
          label={t('admin.users.roleLabel')}
          name="role"
          value={role ?? ''}
          options={[
            { value: '', label: t('admin.common.all') },
            ...USER_ROLES.map((value) => ({ value, label: t(`admin.users.role.${value}`) })),
          ]}
        />
        <SelectFilter
          label={t('admin.users.statusLabel')}
          name="status"
          value={status ?? ''}
          options={[
            { value: '', label: t('admin.common.all') },
            ...USER_ACCOUNT_STATUSES.map((value) => ({ value, label: t(`admin.users.status.${value}`) })),
          ]}
        />
      </FilterForm>
      <LoadGate query={query}>
        {(result) => (
          <>
            <DataTable
              caption={t('admin.users.title')}
              testId="user-table"
              columns={[
                t('admin.common.name'),
                t('admin.common.email'),
                t('admin.users.roleLabel'),
                t('admin.users.statusLabel'),
                t('admin.users.joined'),
                t('admin.common.actions'),
              ]}
            >
              {result.data.length === 0 ? (
                <EmptyRow colSpan={6}>{t('admin.users.empty')}</EmptyRow>
              ) : (
                result.data.map((user) => {
                  const name = personName(t, user);
                  return (
                    <tr key={user.identifier} data-testid={`user-${user.identifier}`}>
                      <Cell className="font-medium">{name}</Cell>
                      <Cell className="break-words">{user.email}</Cell>
                      <Cell>{t(`admin.users.role.${user.role}`)}</Cell>
                      <Cell>
                        <Badge tone={STATUS_TONE[user.status]}>{t(`admin.users.status.${user.status}`)}</Badge>
                      </Cell>
                      <Cell className="whitespace-nowrap">{when.date(user.createdAt)}</Cell>
                      <Cell>
                        {user.role === 'admin' ? null : (
                          <div className="flex flex-nowrap items-center gap-2">
                            <Button
                              variant="secondary"
                              className="min-h-8 px-3 py-1"
                              aria-label={t('admin.users.viewAsNamed', { name })}
                              loading={viewMode.isPending && viewMode.variables === user.identifier}
                              onClick={() => viewAs(user.identifier)}
                            >
                              {t('admin.users.viewAs')}
                            </Button>
                            <Button
                              variant={user.status === 'suspended' ? 'secondary' : 'danger'}
                              className="min-h-8 px-3 py-1"
                              onClick={() =>
                                modals.open(ADMIN_MODALS.suspension, {
                                  user,
                                  change: user.status === 'suspended' ? 'reactivate' : 'suspend',
                                })
                              }
                            >
                              {t(user.status === 'suspended' ? 'admin.users.reactivate' : 'admin.users.suspend')}
                            </Button>
                            {user.role === 'provider' ? (
                              <Link
                                to={innerPaths.adminProvider(lang, user.identifier)}
                                className="text-sm font-medium whitespace-nowrap text-brand-700 underline"
                              >
                                {t('admin.users.credentials')}
                              </Link>
                            ) : null}
                          </div>
                        )}
                      </Cell>
                    </tr>
                  );
                })
              )}
            </DataTable>
            {result.meta.moreThanTotal ? (
              <p className="mt-3 text-sm text-slate-600" data-testid="users-more-than">
                {t('admin.users.moreThan', { count: result.meta.total })}
              </p>
            ) : null}
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
