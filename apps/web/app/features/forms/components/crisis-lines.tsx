import { crisisLinesFor } from '@app/shared/crisis-lines';
import { useTranslation } from 'react-i18next';

/**
 * Where to call now, shown after answers that mention thoughts of self-harm: the lines of the
 * client's country (every country's when unknown). Support, never a diagnosis.
 */
export function CrisisLines({ countryCode }: { countryCode: string | null }) {
  const { t } = useTranslation();
  const groups = crisisLinesFor(countryCode);
  return (
    <section
      role="alert"
      aria-labelledby="crisis-title"
      className="rounded-2xl border-2 border-amber-600 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="crisis-title" className="text-lg font-semibold">
        {t('forms.crisis.title')}
      </h2>
      <p className="mt-1">{t('forms.crisis.intro')}</p>
      {groups.map((group) => (
        <div key={group.country} className="mt-3">
          {groups.length > 1 ? <h3 className="font-semibold">{t(`forms.crisis.countries.${group.country}`)}</h3> : null}
          <ul className="mt-1 flex flex-col gap-2">
            {group.lines.map((line) => (
              <li key={`${line.name}-${line.phone}`} className="flex flex-col">
                <span className="font-medium">
                  {line.name} · {t(`forms.crisis.kinds.${line.kind}`)}
                </span>
                <a href={`tel:${line.tel}`} className="text-lg font-semibold text-brand-700 underline">
                  {line.phone}
                </a>
                <span className="text-sm text-slate-700">{t(`forms.crisis.hours.${line.hours}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
