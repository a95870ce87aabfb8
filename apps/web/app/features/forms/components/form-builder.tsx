import {
  type Answers,
  FORM_SECTIONS_MAX,
  type FormQuestion,
  type FormTemplate,
  SECTION_QUESTIONS_MAX,
} from '@app/shared/schemas/forms';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { TextAreaField } from '#app/ui/form-fields';
import { useToast } from '#app/ui/toast';
import { useSaveTemplate } from '../api/list-templates';
import { type BuilderForm, checkForm, emptyForm, forSaving, moved, newQuestion, newSection } from '../lib/builder';
import { FormSections } from './form-sections';
import { MoveButtons } from './move-buttons';
import { QuestionEditor } from './question-editor';

/** After a move, the focus goes back to the moved item's button (React may have moved its node). */
interface PendingFocus {
  idPrefix: string;
  delta: -1 | 1;
}

/**
 * The provider builds a questionnaire: its title and introduction, sections of questions of every
 * kind the API takes, each required or optional, ordered with "Move up"/"Move down" (keyboard and
 * pointer alike, no drag). The preview renders the fill page's own sections, so it is what the
 * client sees. The form is checked with the API's schema before it is sent; saving an existing
 * form makes its next version.
 */
export function FormBuilder({
  template,
  onSaved,
}: {
  template: FormTemplate | null;
  onSaved(template: FormTemplate): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveTemplate();
  const [form, setForm] = useState<BuilderForm>(() => template?.definition ?? emptyForm());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const [previewAnswers, setPreviewAnswers] = useState<Answers>({});
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<PendingFocus | null>(null);
  const focusFirstError = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const pending = pendingFocus.current;
    if (pending) {
      pendingFocus.current = null;
      const wanted = document.getElementById(`${pending.idPrefix}-${pending.delta === -1 ? 'up' : 'down'}`);
      const other = document.getElementById(`${pending.idPrefix}-${pending.delta === -1 ? 'down' : 'up'}`);
      ((wanted as HTMLButtonElement | null)?.disabled ? other : wanted)?.focus();
    }
    if (focusFirstError.current) {
      focusFirstError.current = false;
      const first = root.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (first ?? root.current?.querySelector<HTMLElement>('#form-builder-error'))?.focus();
    }
  });

  const update = (next: BuilderForm) => setForm(next);
  const clearError = (path: string) =>
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _, ...rest } = current;
      return rest;
    });

  const setSection = (index: number, patch: Partial<BuilderForm['sections'][number]>) =>
    update({
      ...form,
      sections: form.sections.map((section, at) => (at === index ? { ...section, ...patch } : section)),
    });
  const setQuestion = (sectionIndex: number, questionIndex: number, question: FormQuestion) => {
    const previous = form.sections[sectionIndex]?.questions[questionIndex];
    setSection(sectionIndex, {
      questions: (form.sections[sectionIndex]?.questions ?? []).map((item, at) =>
        at === questionIndex ? question : item,
      ),
    });
    if (previous) {
      const base = `sections.${sectionIndex}.questions.${questionIndex}`;
      setErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([path]) => {
            if (!path.startsWith(`${base}.`)) return true;
            const field = path.slice(base.length + 1);
            const key = field.split('.')[0] as keyof FormQuestion;
            return JSON.stringify(previous[key]) === JSON.stringify(question[key]);
          }),
        ),
      );
    }
  };

  // Errors are kept by position; a move or removal makes them stale, so they go until the next save.
  const reorder = (next: BuilderForm, idPrefix: string, delta: -1 | 1, item: string, position: number) => {
    pendingFocus.current = { idPrefix, delta };
    setErrors({});
    setAnnouncement(t('forms.builder.edit.movedTo', { item, position }));
    update(next);
  };

  const onSave = async () => {
    setFormError(null);
    const checked = checkForm(forSaving(form));
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(t('forms.builder.edit.fixErrors'));
      setPreview(false);
      focusFirstError.current = true;
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: template?.id ?? null, definition: checked.definition });
      setErrors({});
      toast.success(t('forms.builder.edit.saved', { version: saved.version }));
      onSaved(saved);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.fieldErrors ?? {}).map(([path, messages]) => [
          path.replaceAll('/', '.').replace(/^\./, ''),
          messages[0] ?? '',
        ]),
      );
      setErrors(fieldErrors);
      setFormError(Object.keys(fieldErrors).length > 0 ? t('forms.builder.edit.fixErrors') : failure.message);
      setPreview(false);
      focusFirstError.current = true;
    }
  };

  let questionNumber = 0;
  return (
    <div ref={root} className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" aria-pressed={preview} onClick={() => setPreview(!preview)}>
          {preview ? t('forms.builder.edit.backToEdit') : t('forms.builder.edit.preview')}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {preview ? (
        <section aria-labelledby="form-preview-title" className="flex flex-col gap-5" data-testid="form-preview">
          <p className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">{t('forms.builder.edit.previewNote')}</p>
          <h2 id="form-preview-title" className="text-2xl font-semibold break-words">
            {form.title}
          </h2>
          <FormSections
            definition={forSaving(form)}
            answers={previewAnswers}
            errors={{}}
            onChange={(id, value) => setPreviewAnswers((current) => ({ ...current, [id]: value }))}
          />
        </section>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
            <Field
              id="form-builder-title"
              label={t('forms.builder.edit.formTitle')}
              value={form.title}
              error={tMessage(t, errors.title)}
              onChange={(event) => {
                update({ ...form, title: event.target.value });
                clearError('title');
              }}
            />
            <TextAreaField
              id="form-builder-description"
              label={t('forms.builder.edit.formDescription')}
              hint={t('forms.builder.edit.formDescriptionHint')}
              rows={3}
              value={form.description}
              error={tMessage(t, errors.description)}
              onChange={(event) => {
                update({ ...form, description: event.target.value });
                clearError('description');
              }}
            />
          </div>
          {form.sections.map((section, sectionIndex) => {
            const sectionName = t('forms.builder.edit.section', { number: sectionIndex + 1 });
            const sectionPath = `sections.${sectionIndex}`;
            return (
              <section
                key={section.id}
                aria-labelledby={`section-${section.id}-heading`}
                className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-300 bg-slate-50 p-3 sm:p-5"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`section-${section.id}-heading`} className="text-lg font-semibold">
                    {sectionName}
                  </h2>
                  <MoveButtons
                    idPrefix={`section-${section.id}`}
                    itemName={sectionName}
                    index={sectionIndex}
                    count={form.sections.length}
                    onMove={(delta) =>
                      reorder(
                        { ...form, sections: moved(form.sections, sectionIndex, delta) },
                        `section-${section.id}`,
                        delta,
                        section.title || sectionName,
                        sectionIndex + delta + 1,
                      )
                    }
                    onRemove={() => {
                      setErrors({});
                      update({ ...form, sections: form.sections.filter((item) => item.id !== section.id) });
                    }}
                  />
                </div>
                <Field
                  id={`${sectionPath}.title`.replaceAll('.', '-')}
                  label={t('forms.builder.edit.sectionTitle')}
                  hint={t('forms.builder.edit.sectionTitleHint')}
                  value={section.title}
                  error={tMessage(t, errors[`${sectionPath}.title`])}
                  onChange={(event) => setSection(sectionIndex, { title: event.target.value })}
                />
                <ol className="flex flex-col gap-4">
                  {section.questions.map((question, questionIndex) => {
                    questionNumber += 1;
                    const questionName = t('forms.builder.edit.question', { number: questionNumber });
                    return (
                      <li
                        key={question.id}
                        className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
                      >
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <h3 className="font-semibold">{questionName}</h3>
                          <MoveButtons
                            idPrefix={`question-${question.id}`}
                            itemName={questionName}
                            index={questionIndex}
                            count={section.questions.length}
                            onMove={(delta) =>
                              reorder(
                                {
                                  ...form,
                                  sections: form.sections.map((item, at) =>
                                    at === sectionIndex
                                      ? { ...item, questions: moved(item.questions, questionIndex, delta) }
                                      : item,
                                  ),
                                },
                                `question-${question.id}`,
                                delta,
                                question.label || questionName,
                                questionIndex + delta + 1,
                              )
                            }
                            onRemove={() => {
                              setErrors({});
                              setSection(sectionIndex, {
                                questions: section.questions.filter((item) => item.id !== question.id),
                              });
                            }}
                          />
                        </div>
                        <QuestionEditor
                          question={question}
                          path={`${sectionPath}.questions.${questionIndex}`}
                          errors={errors}
                          onChange={(next) => setQuestion(sectionIndex, questionIndex, next)}
                        />
                      </li>
                    );
                  })}
                </ol>
                {errors[`${sectionPath}.questions`] ? (
                  <p role="alert" className="text-sm text-red-700">
                    {tMessage(t, errors[`${sectionPath}.questions`])}
                  </p>
                ) : null}
                <div>
                  <Button
                    variant="secondary"
                    disabled={section.questions.length >= SECTION_QUESTIONS_MAX}
                    aria-label={`${t('forms.builder.edit.addQuestion')}: ${sectionName}`}
                    onClick={() => setSection(sectionIndex, { questions: [...section.questions, newQuestion()] })}
                  >
                    {t('forms.builder.edit.addQuestion')}
                  </Button>
                </div>
              </section>
            );
          })}
          {errors.sections ? (
            <p role="alert" className="text-sm text-red-700">
              {tMessage(t, errors.sections)}
            </p>
          ) : null}
          <div>
            <Button
              variant="secondary"
              disabled={form.sections.length >= FORM_SECTIONS_MAX}
              onClick={() => update({ ...form, sections: [...form.sections, newSection()] })}
            >
              {t('forms.builder.edit.addSection')}
            </Button>
          </div>
        </div>
      )}
      {formError ? (
        <p id="form-builder-error" role="alert" tabIndex={-1} className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <div>
        <Button onClick={() => void onSave()} loading={save.isPending}>
          {t('forms.builder.edit.save')}
        </Button>
      </div>
    </div>
  );
}
