import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useMyForms } from '../api/list-my-forms';
import { dayOf } from '../lib/format';

/** The client's questionnaires: open ones first, each a link to fill or read it. */
export function MyForms() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  const forms = useMyForms();
  return (
    <LoadGate query={forms}>
      {({ data }) =>
        data.length === 0 ? (
          <p className="text-slate-600">{t('forms.mine.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.map((form) => (
              <li
                key={form.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words">{form.title}</p>
                  <p className="text-sm text-slate-600">
                    {t('forms.mine.from', { name: form.providerName })}
                    {/* The day in the reader's zone, once known (the server cannot know a browser's). */}
                    {zone
                      ? ` · ${
                          form.submittedAt
                            ? t('forms.mine.submittedOn', { date: dayOf(form.submittedAt, lang, zone) })
                            : t('forms.mine.sentOn', { date: dayOf(form.sentAt, lang, zone) })
                        }`
                      : null}
                  </p>
                </div>
                <Link
                  to={innerPaths.form(lang, form.id)}
                  className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-slate-50"
                >
                  {form.status === 'submitted' ? t('forms.mine.view') : t('forms.mine.fill')}
                  <span className="sr-only">: {form.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )
      }
    </LoadGate>
  );
}
