import type { Answers, AnswerValue, FormRequest, SubmitAnswer } from '@app/shared/schemas/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { useLocaleData } from '#app/lib/shell-data';
import { Button } from '#app/ui/button';
import { useSaveDraft } from '../api/save-draft';
import { useSubmitForm } from '../api/submit-form';
import { useAutosave } from '../hooks/use-autosave';
import { clockTime } from '../lib/format';
import { FormSections } from './form-sections';

/**
 * The client fills a questionnaire: one fieldset per section, a draft saved a moment after each
 * change (told in a polite live region), then submitted once. Errors from the server stand
 * beside their questions and the first one takes the focus.
 */
export function FormFill({ request, onSubmitted }: { request: FormRequest; onSubmitted(answer: SubmitAnswer): void }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const [answers, setAnswers] = useState<Answers>(request.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const draft = useSaveDraft(request.id);
  const submit = useSubmitForm(request.id);
  const autosave = useAutosave(
    answers,
    async (value) => (await draft.mutateAsync(value)).draftSavedAt,
    !submit.isPending && !submit.isSuccess,
  );

  const change = (id: string, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [id]: value }));
    setErrors((current) => {
      const { [id]: _, ...rest } = current;
      return rest;
    });
  };

  const send = async () => {
    setFormError(null);
    try {
      onSubmitted(await submit.mutateAsync(answers));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fieldErrors = Object.fromEntries(
        Object.entries(error.fieldErrors ?? {}).map(([field, messages]) => [
          field.replace(/^answers\./, ''),
          messages[0] ?? '',
        ]),
      );
      setErrors(fieldErrors);
      setFormError(Object.keys(fieldErrors).length > 0 ? t('forms.fill.fixErrors') : error.message);
      const first = Object.keys(fieldErrors)[0];
      if (first) document.getElementById(`q-${first}`)?.focus() ?? document.getElementsByName(`q-${first}`)[0]?.focus();
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <FormSections definition={request.definition} answers={answers} errors={errors} onChange={change} />
      <p aria-live="polite" className="min-h-5 text-sm text-slate-600">
        {autosave.status === 'saving'
          ? t('forms.fill.saving')
          : autosave.status === 'saved'
            ? t('forms.fill.saved', { time: clockTime(autosave.at, lang) })
            : autosave.status === 'failed'
              ? t('forms.fill.saveFailed')
              : ''}
      </p>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={submit.isPending}>
          {t('forms.fill.submit')}
        </Button>
      </div>
    </form>
  );
}
