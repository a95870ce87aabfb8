import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useTemplates } from '../api/list-templates';
import { dayOf } from '../lib/format';

const LINK =
  'inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-50';

/** The provider's own questionnaires, last changed first, each with its version and an edit link. */
export function MyTemplates() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const templates = useTemplates();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link
          to={innerPaths.newFormTemplate(lang)}
          className="inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('forms.builder.templates.new')}
        </Link>
      </div>
      <LoadGate query={templates}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="text-slate-600">{t('forms.builder.templates.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="form-templates">
              {data.map((template) => (
                <li
                  key={template.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{template.definition.title}</p>
                    <p className="text-sm text-slate-600">
                      {t('forms.builder.templates.version', { version: template.version })} ·{' '}
                      {t('forms.builder.templates.questions', {
                        count: template.definition.sections.reduce((sum, section) => sum + section.questions.length, 0),
                      })}{' '}
                      {zone
                        ? `· ${t('forms.builder.templates.updated', { date: dayOf(template.updatedAt, lang, zone) })}`
                        : null}
                    </p>
                  </div>
                  <Link to={innerPaths.formTemplate(lang, template.id)} className={LINK}>
                    {t('forms.builder.templates.edit')}
                    <span className="sr-only">: {template.definition.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </LoadGate>
    </div>
  );
}
