import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { ClientList } from '#app/features/clients/components/client-list';
import { ExportButton } from '#app/features/clients/components/export-button';
import { ImportChoiceDialog } from '#app/features/clients/components/import-choice-dialog';
import { CLIENT_MODALS } from '#app/features/clients/lib/modals';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';
import type { Route } from './+types/clients';

/** /clients/ (providers, SPEC.md §1-2): everyone who booked them and everyone they imported. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function ClientsPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  return (
    <>
      <title>{`${t('clients.title')} · ${t('nav.brand')}`}</title>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('clients.title')}</h1>
          <p className="mt-1 text-slate-600">{t('clients.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={innerPaths.clientsImported(lang)}
            className="inline-flex min-h-10 items-center rounded-lg px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t('appNav.importedClients')}
          </Link>
          <ExportButton />
          <Button onClick={() => modals.open(CLIENT_MODALS.importChoice)}>{t('clients.import')}</Button>
        </div>
      </div>
      <ClientList />
      <ImportChoiceDialog />
    </>
  );
}
