import type { FormRequestSummary } from '@app/shared/schemas/forms';
import { useTranslation } from 'react-i18next';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useFormsOverview } from '../api/get-overview';
import { dayOf } from '../lib/format';

function FormRows({ title, rows, at }: { title: string; rows: FormRequestSummary[]; at: 'sentAt' | 'submittedAt' }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const zone = useViewerZone();
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-slate-600">{t('forms.overview.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.map((row) => (
            <li
              key={row.id}
              className={`flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-white p-3 ${row.urgent ? 'border-red-700' : 'border-slate-200'}`}
            >
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {row.clientName} · {row.title}
                </p>
                <p className="text-sm text-slate-600">{zone ? dayOf(row[at] ?? row.sentAt, lang, zone) : null}</p>
              </div>
              <div className="flex items-center gap-2">
                {row.urgent ? (
                  <span className="rounded-full bg-red-700 px-2 py-0.5 text-sm font-semibold text-white">
                    {t('forms.urgent')}
                  </span>
                ) : null}
                <Link to={innerPaths.form(lang, row.id)} className="text-sm font-semibold text-brand-700 underline">
                  {t('forms.overview.open')}
                  <span className="sr-only">
                    : {row.clientName}, {row.title}
                  </span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The provider's submissions (urgent first) and forms still awaiting clients; one client's with `clientId`. */
export function FormsOverview({ clientId }: { clientId?: string }) {
  const { t } = useTranslation();
  const overview = useFormsOverview(clientId);
  return (
    <LoadGate query={overview}>
      {(data) => (
        <div className="grid gap-6 lg:grid-cols-2">
          <FormRows title={t('forms.overview.submitted')} rows={data.submitted} at="submittedAt" />
          <FormRows title={t('forms.overview.awaiting')} rows={data.awaiting} at="sentAt" />
        </div>
      )}
    </LoadGate>
  );
}
