import { languageOf } from '@app/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { requireSession } from '#app/features/auth/lib/require-session';
import { ClientList } from '#app/features/clients/components/client-list';
import { CsvImport } from '#app/features/clients/components/csv-import';
import { ImportChoiceDialog } from '#app/features/clients/components/import-choice-dialog';
import { CLIENT_MODALS } from '#app/features/clients/lib/modals';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { Link } from '#app/ui/link';
import { useModals } from '#app/ui/modal-manager';
import type { Route } from './+types/clients-imported';

/** /clients/imported/ (SPEC.md §2): the imported clients, and the CSV import with its preview and per-row report. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function ImportedClientsPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  const location = useLocation();
  useEffect(() => {
    if (location.hash === '#csv-import') document.getElementById('csv-import')?.scrollIntoView({ block: 'start' });
  }, [location.hash]);
  return (
    <>
      <title>{`${t('clients.importedPage.title')} · ${t('nav.brand')}`}</title>
      <Link to={paths.clients(lang)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        ← {t('clients.page.back')}
      </Link>
      <div className="mt-3 mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('clients.importedPage.title')}</h1>
          <p className="mt-1 text-slate-600">{t('clients.importedPage.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={innerPaths.clientsImportedEmailManual(lang)}
            className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
          >
            {t('clients.importedPage.manualLink')}
          </Link>
          <Button onClick={() => modals.open(CLIENT_MODALS.importChoice)}>{t('clients.import')}</Button>
        </div>
      </div>
      <div className="flex flex-col gap-6">
        <CsvImport language={languageOf(lang)} />
        <ClientList source="imported" />
      </div>
      <ImportChoiceDialog />
    </>
  );
}
