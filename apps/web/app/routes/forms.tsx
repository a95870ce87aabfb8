import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { AutoAssignments } from '#app/features/forms/components/auto-assignments';
import { FormsOverview } from '#app/features/forms/components/forms-overview';
import { MyForms } from '#app/features/forms/components/my-forms';
import { ProgressCharts } from '#app/features/forms/components/progress-charts';
import { useSession } from '#app/lib/use-session';
import type { Route } from './+types/forms';

/**
 * /forms/: a client's questionnaires and their own progress; a provider's new submissions (urgent
 * first), forms awaiting clients, and what goes to every new client.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  return null;
}

export default function FormsPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <title>{`${t('forms.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{t('forms.title')}</h1>
      {session?.role === 'provider' ? (
        <div className="mt-6 flex flex-col gap-8">
          <FormsOverview />
          <AutoAssignments />
        </div>
      ) : (
        <div className="mt-2 flex flex-col gap-8">
          <p className="max-w-2xl text-slate-600">{t('forms.mine.intro')}</p>
          <MyForms />
          <ProgressCharts />
        </div>
      )}
    </>
  );
}
