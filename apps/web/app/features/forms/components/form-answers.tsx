import type { AnswerValue, FormQuestion, FormRequest } from '@app/shared/schemas/forms';
import { useTranslation } from 'react-i18next';

function shown(
  question: FormQuestion,
  value: AnswerValue | undefined,
  words: { yes: string; no: string; none: string },
): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  const label = (id: string) => question.options?.find((option) => option.id === id)?.label ?? id;
  if (Array.isArray(value)) return value.map(label).join(', ');
  if (question.kind === 'singleChoice') return label(String(value));
  if (question.kind === 'scale') return `${value} / ${question.scaleMax}`;
  return String(value);
}

/** A submitted questionnaire, read only: each question and its answer; an instrument's score and band on top. */
export function FormAnswers({ request, showResult }: { request: FormRequest; showResult: boolean }) {
  const { t } = useTranslation();
  const words = { yes: t('forms.fill.yes'), no: t('forms.fill.no'), none: t('forms.answers.none') };
  return (
    <div className="flex flex-col gap-4">
      {showResult && request.result ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4">
          <span className="font-semibold">
            {t('forms.answers.score', { score: request.result.score, max: request.result.maxScore })}
          </span>{' '}
          · {t(`forms.bands.${request.result.band}`)}
          {request.urgent ? (
            <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-sm font-semibold text-white">
              {t('forms.urgent')}
            </span>
          ) : null}
        </p>
      ) : null}
      {request.definition.sections.map((section) => (
        <section key={section.id} className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 className="text-lg font-semibold">{section.title || request.title}</h2>
          <dl className="mt-3 flex flex-col gap-3">
            {section.questions.map((question) => (
              <div key={question.id}>
                <dt className="font-medium">{question.label}</dt>
                <dd className="whitespace-pre-wrap break-words text-slate-800">
                  {shown(question, request.answers[question.id], words)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
