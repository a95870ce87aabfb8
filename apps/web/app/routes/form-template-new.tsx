import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { requireSession } from '#app/features/auth/lib/require-session';
import { FormBuilder } from '#app/features/forms/components/form-builder';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import type { Route } from './+types/form-template-new';

/** /forms/templates/new/ (providers): a new questionnaire; once saved, its edit page. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function NewFormTemplatePage() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t('forms.builder.edit.newTitle')} · ${t('nav.brand')}`}</title>
      <Link
        to={innerPaths.formTemplates(lang)}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        ← {t('forms.builder.templates.back')}
      </Link>
      <h1 className="mt-2 mb-6 text-2xl font-semibold">{t('forms.builder.edit.newTitle')}</h1>
      <FormBuilder
        template={null}
        onSaved={(saved) => void navigate(innerPaths.formTemplate(lang, saved.id), { replace: true })}
      />
    </div>
  );
}
