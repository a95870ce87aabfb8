import type { AnswerValue, FormQuestion } from '@app/shared/schemas/forms';
import { useTranslation } from 'react-i18next';
import { FieldMessages, fieldMessageIds } from '#app/ui/field';

const INPUT =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700';

/**
 * One question as the client answers it: text and dates as labelled inputs, choices, the scale
 * and yes/no as a fieldset whose legend is the question (radio groups move with the arrow keys).
 */
export function QuestionField({
  question,
  value,
  error,
  onChange,
}: {
  question: FormQuestion;
  value: AnswerValue | undefined;
  error?: string;
  onChange(value: AnswerValue): void;
}) {
  const { t } = useTranslation();
  const id = `q-${question.id}`;
  const { hintId, errorId } = fieldMessageIds(id);
  const describedBy = [question.help ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      {question.label}{' '}
      <span className="text-sm font-normal text-slate-600">
        ({question.required ? t('forms.fill.required') : t('forms.fill.optional')})
      </span>
    </>
  );
  const messages = <FieldMessages id={id} hint={question.help} error={error} />;
  const common = { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy };

  if (question.kind === 'shortText' || question.kind === 'longText' || question.kind === 'date') {
    const text = typeof value === 'string' ? value : '';
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {question.kind === 'longText' ? (
          <textarea
            id={id}
            rows={5}
            className={INPUT}
            value={text}
            required={question.required}
            onChange={(event) => onChange(event.target.value)}
            {...common}
          />
        ) : (
          <input
            id={id}
            type={question.kind === 'date' ? 'date' : 'text'}
            className={INPUT}
            value={text}
            required={question.required}
            onChange={(event) => onChange(event.target.value)}
            {...common}
          />
        )}
        {messages}
      </div>
    );
  }

  const choices: { id: string; label: string; value: AnswerValue }[] =
    question.kind === 'yesNo'
      ? [
          { id: 'yes', label: t('forms.fill.yes'), value: true },
          { id: 'no', label: t('forms.fill.no'), value: false },
        ]
      : question.kind === 'scale'
        ? Array.from({ length: (question.scaleMax ?? 0) + 1 }, (_, point) => ({
            id: String(point),
            label: String(point),
            value: point,
          }))
        : (question.options ?? []).map((option) => ({ id: option.id, label: option.label, value: option.id }));
  const multiple = question.kind === 'multipleChoice';
  const selected = (choice: AnswerValue) =>
    multiple ? Array.isArray(value) && value.includes(String(choice)) : value === choice;
  const toggle = (choice: string, checked: boolean) => {
    const current = Array.isArray(value) ? value : [];
    onChange(checked ? [...current, choice] : current.filter((item) => item !== choice));
  };
  const inline = question.kind === 'scale' || question.kind === 'yesNo';
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 font-medium">{label}</legend>
      {multiple ? <p className="text-sm text-slate-600">{t('forms.fill.chooseAll')}</p> : null}
      {question.kind === 'scale' && (question.scaleMinLabel || question.scaleMaxLabel) ? (
        <p className="text-sm text-slate-600">
          {t('forms.fill.scaleEnds', {
            min: question.scaleMinLabel ?? '0',
            max: question.scaleMaxLabel ?? String(question.scaleMax),
            top: question.scaleMax,
          })}
        </p>
      ) : null}
      <div className={inline ? 'flex flex-wrap gap-2' : 'flex flex-col gap-2'}>
        {choices.map((choice) => (
          <label
            key={choice.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
          >
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={id}
              className="size-5 accent-brand-700"
              checked={selected(choice.value)}
              onChange={(event) => (multiple ? toggle(choice.id, event.target.checked) : onChange(choice.value))}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {messages}
    </fieldset>
  );
}
