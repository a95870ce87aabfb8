import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { InsuranceSection } from '#app/features/credentials/components/insurance-section';
import { PreviewDialog } from '#app/features/credentials/components/preview-dialog';
import { QualificationsSection } from '#app/features/credentials/components/qualifications-section';
import { VerificationPanel } from '#app/features/credentials/components/verification-panel';
import { WorkHistorySection } from '#app/features/credentials/components/work-history-section';
import { useLocaleData } from '#app/lib/shell-data';
import type { Route } from './+types/my-credentials';

/** /my-credentials/ (providers, SPEC.md §2): qualifications, work history, insurance, submission for review. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function MyCredentialsPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <>
      <title>{`${t('credentials.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('credentials.title')}</h1>
      <p className="mt-1 mb-6 max-w-3xl text-slate-600">{t('credentials.intro')}</p>
      <div className="flex flex-col gap-6">
        <VerificationPanel />
        <QualificationsSection />
        <InsuranceSection language={lang} />
        <WorkHistorySection />
      </div>
      <PreviewDialog />
    </>
  );
}
