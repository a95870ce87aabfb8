import {
  CHOICE_OPTIONS_MAX,
  CHOICE_OPTIONS_MIN,
  type FormQuestion,
  QUESTION_KINDS,
  type QuestionKind,
  SCALE_MAX_MAX,
  SCALE_MAX_MIN,
} from '@app/shared/schemas/forms';
import { useTranslation } from 'react-i18next';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { newId, withKind } from '../lib/builder';

const SCALE_TOPS = Array.from({ length: SCALE_MAX_MAX - SCALE_MAX_MIN + 1 }, (_, index) => SCALE_MAX_MIN + index);

/**
 * One question's settings: its words, the kind of answer, required or not, and the kind's own
 * settings (choices, the scale's top and the meaning of its ends). `path` names its fields as the
 * schema's errors do (`sections.0.questions.1`).
 */
export function QuestionEditor({
  question,
  path,
  errors,
  onChange,
}: {
  question: FormQuestion;
  path: string;
  errors: Record<string, string>;
  onChange(question: FormQuestion): void;
}) {
  const { t } = useTranslation();
  const error = (field: string) => tMessage(t, errors[`${path}.${field}`]);
  const fieldId = (field: string) => `${path}.${field}`.replaceAll('.', '-');
  const set = (patch: Partial<FormQuestion>) => onChange({ ...question, ...patch });
  const options = question.options ?? [];
  const choice = question.kind === 'singleChoice' || question.kind === 'multipleChoice';
  return (
    <div className="flex flex-col gap-3">
      <Field
        id={fieldId('label')}
        label={t('forms.builder.edit.questionLabel')}
        value={question.label}
        error={error('label')}
        onChange={(event) => set({ label: event.target.value })}
      />
      <Field
        id={fieldId('help')}
        label={t('forms.builder.edit.questionHelp')}
        value={question.help ?? ''}
        error={error('help')}
        onChange={(event) => set({ help: event.target.value })}
      />
      <div className="flex flex-wrap items-end gap-4">
        <PlainSelect
          id={fieldId('kind')}
          label={t('forms.builder.edit.kind')}
          value={question.kind}
          options={QUESTION_KINDS.map((kind) => ({ value: kind, label: t(`forms.builder.edit.kinds.${kind}`) }))}
          onChange={(value) => onChange(withKind(question, value as QuestionKind))}
        />
        <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={question.required}
            onChange={(event) => set({ required: event.target.checked })}
          />
          {t('forms.builder.edit.required')}
        </label>
      </div>
      {choice ? (
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('forms.builder.edit.choices')}</legend>
          {options.map((option, index) => (
            <div key={option.id} className="flex items-end gap-2">
              <Field
                id={fieldId(`options.${index}.label`)}
                className="min-w-0 flex-1"
                label={t('forms.builder.edit.choice', { number: index + 1 })}
                value={option.label}
                error={error(`options.${index}.label`)}
                onChange={(event) =>
                  set({
                    options: options.map((item) =>
                      item.id === option.id ? { ...item, label: event.target.value } : item,
                    ),
                  })
                }
              />
              <Button
                variant="ghost"
                disabled={options.length <= CHOICE_OPTIONS_MIN}
                aria-label={`${t('forms.builder.edit.remove')}: ${t('forms.builder.edit.choice', { number: index + 1 })}`}
                onClick={() => set({ options: options.filter((item) => item.id !== option.id) })}
              >
                {t('forms.builder.edit.remove')}
              </Button>
            </div>
          ))}
          {error('options') ? (
            <p role="alert" className="text-sm text-red-700">
              {error('options')}
            </p>
          ) : null}
          <div>
            <Button
              variant="secondary"
              disabled={options.length >= CHOICE_OPTIONS_MAX}
              onClick={() => set({ options: [...options, { id: newId('o'), label: '' }] })}
            >
              {t('forms.builder.edit.addChoice')}
            </Button>
          </div>
        </fieldset>
      ) : null}
      {question.kind === 'scale' ? (
        <div className="grid gap-3 sm:grid-cols-3">
          <PlainSelect
            id={fieldId('scaleMax')}
            label={t('forms.builder.edit.scaleMax')}
            value={String(question.scaleMax ?? SCALE_MAX_MAX)}
            options={SCALE_TOPS.map((top) => ({ value: String(top), label: String(top) }))}
            onChange={(value) => set({ scaleMax: Number(value) })}
          />
          <Field
            id={fieldId('scaleMinLabel')}
            label={t('forms.builder.edit.scaleMinLabel')}
            value={question.scaleMinLabel ?? ''}
            error={error('scaleMinLabel')}
            onChange={(event) => set({ scaleMinLabel: event.target.value })}
          />
          <Field
            id={fieldId('scaleMaxLabel')}
            label={t('forms.builder.edit.scaleMaxLabel')}
            value={question.scaleMaxLabel ?? ''}
            error={error('scaleMaxLabel')}
            onChange={(event) => set({ scaleMaxLabel: event.target.value })}
          />
        </div>
      ) : null}
    </div>
  );
}

/** A labelled native select with no empty choice (the question's kind, the scale's top). */
function PlainSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange(value: string): void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className="min-h-10 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
