import type { SubmitAnswer } from '@app/shared/schemas/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useForm } from '#app/features/forms/api/get-form';
import { CrisisLines } from '#app/features/forms/components/crisis-lines';
import { FormAnswers } from '#app/features/forms/components/form-answers';
import { FormFill } from '#app/features/forms/components/form-fill';
import { dayOf } from '#app/features/forms/lib/format';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { useSession } from '#app/lib/use-session';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import type { Route } from './+types/form';

/**
 * /forms/{id}/: the client fills a questionnaire (or reads what they submitted); its provider
 * reads the answers, the score and the urgent flag. Anyone else: not found.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  return null;
}

export default function FormPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  // Days in the reader's zone, once known (the server cannot know a browser's).
  const zone = useViewerZone();
  const session = useSession();
  const form = useForm(params.requestId);
  const [submitted, setSubmitted] = useState<SubmitAnswer | null>(null);
  if (form.isError && form.error instanceof ApiError && form.error.status === 404) return <NotFoundPage lang={lang} />;
  const provider = session?.role === 'provider';
  return (
    <>
      <Link to={paths.forms(lang)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        ← {t('forms.title')}
      </Link>
      <LoadGate query={form}>
        {(request) => (
          <div className="mx-auto mt-4 flex max-w-3xl flex-col gap-5">
            <title>{`${request.title} · ${t('nav.brand')}`}</title>
            <h1 className="text-2xl font-semibold break-words">{request.title}</h1>
            {provider ? (
              <>
                <p className="text-slate-600">
                  {t('forms.answers.from', { name: request.clientName })}
                  {zone ? ` · ${t('forms.answers.sentOn', { date: dayOf(request.sentAt, lang, zone) })}` : null}
                </p>
                {request.status === 'submitted' ? (
                  <FormAnswers request={request} showResult />
                ) : (
                  <p>{t('forms.answers.notYet', { name: request.clientName })}</p>
                )}
              </>
            ) : submitted || request.status === 'submitted' ? (
              <>
                {submitted ? (
                  <p role="status" className="rounded-xl bg-emerald-50 p-4 font-medium">
                    {t('forms.fill.thanks', { name: request.providerName })}
                  </p>
                ) : (
                  <p className="text-slate-600">
                    {zone
                      ? t('forms.fill.submittedNote', {
                          date: dayOf(request.submittedAt ?? request.sentAt, lang, zone),
                        })
                      : null}
                  </p>
                )}
                {submitted?.showCrisisLines ? <CrisisLines countryCode={submitted.countryCode} /> : null}
                <FormAnswers request={request} showResult={false} />
              </>
            ) : (
              <FormFill request={request} onSubmitted={setSubmitted} />
            )}
          </div>
        )}
      </LoadGate>
    </>
  );
}
