import { languageOf } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { ImportSuccessDialog } from '#app/features/clients/components/import-success-dialog';
import { ManualImportForm } from '#app/features/clients/components/manual-import-form';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import type { Route } from './+types/clients-imported-email-manual';

/** /clients/imported/email-manual/ (SPEC.md §2): import clients by email / manual entry. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function ManualImportPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <>
      <title>{`${t('clients.manual.title')} · ${t('nav.brand')}`}</title>
      <Link
        to={innerPaths.clientsImported(lang)}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        ← {t('clients.importedPage.title')}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold">{t('clients.manual.title')}</h1>
      <p className="mt-1 mb-5 max-w-3xl text-slate-600">{t('clients.manual.intro')}</p>
      <ManualImportForm language={languageOf(lang)} />
      <ImportSuccessDialog />
    </>
  );
}
