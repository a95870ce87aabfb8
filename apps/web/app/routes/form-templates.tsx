import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { MyTemplates } from '#app/features/forms/components/my-templates';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import type { Route } from './+types/form-templates';

/** /forms/templates/ (providers): the questionnaires they wrote, each to edit, and a new one. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function FormTemplatesPage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <>
      <title>{`${t('forms.builder.templates.title')} · ${t('nav.brand')}`}</title>
      <Link to={paths.forms(lang)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        ← {t('forms.title')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{t('forms.builder.templates.title')}</h1>
      <p className="mt-1 mb-6 max-w-3xl text-slate-600">{t('forms.builder.templates.intro')}</p>
      <MyTemplates />
    </>
  );
}
