import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useTemplate } from '#app/features/forms/api/get-template';
import { FormBuilder } from '#app/features/forms/components/form-builder';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import type { Route } from './+types/form-template';

/** /forms/templates/{id}/ (providers): edit one of their questionnaires; each save is its next version. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['provider']);
  return null;
}

export default function FormTemplatePage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const template = useTemplate(params.templateId);
  if (template.isError && template.error instanceof ApiError && template.error.status === 404) {
    return <NotFoundPage lang={lang} />;
  }
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t('forms.builder.edit.editTitle')} · ${t('nav.brand')}`}</title>
      <Link
        to={innerPaths.formTemplates(lang)}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        ← {t('forms.builder.templates.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{t('forms.builder.edit.editTitle')}</h1>
      <LoadGate query={template}>
        {(current) => (
          <>
            <p className="mt-1 mb-6 text-slate-600">
              {t('forms.builder.edit.versionNote', { version: current.version, next: current.version + 1 })}
            </p>
            <FormBuilder key={current.id} template={current} onSaved={() => {}} />
          </>
        )}
      </LoadGate>
    </div>
  );
}
