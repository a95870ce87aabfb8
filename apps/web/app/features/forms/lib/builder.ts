import {
  CHOICE_OPTIONS_MIN,
  type FormDefinition,
  FormDefinitionSchema,
  type FormQuestion,
  type FormSection,
  type QuestionKind,
} from '@app/shared/schemas/forms';

/** The form being built: the schema's shape, every question kept whole while its kind changes. */
export type BuilderForm = FormDefinition;

/** A fresh id the schema accepts; unique within the form (random, so two tabs never collide either). */
export function newId(prefix: 'q' | 's' | 'o'): string {
  return `${prefix}${Math.random().toString(36).slice(2, 10)}`;
}

function choicesFor(question: FormQuestion): FormQuestion['options'] {
  const options = question.options ?? [];
  if (options.length >= CHOICE_OPTIONS_MIN) return options;
  return [
    ...options,
    ...Array.from({ length: CHOICE_OPTIONS_MIN - options.length }, () => ({ id: newId('o'), label: '' })),
  ];
}

/** A question turned into another kind: choices get their empty slots, a scale its top, the rest drop theirs. */
export function withKind(question: FormQuestion, kind: QuestionKind): FormQuestion {
  const { options: _options, scaleMax: _scaleMax, scaleMinLabel, scaleMaxLabel, ...common } = question;
  if (kind === 'singleChoice' || kind === 'multipleChoice') return { ...common, kind, options: choicesFor(question) };
  if (kind === 'scale') return { ...common, kind, scaleMax: question.scaleMax ?? 10, scaleMinLabel, scaleMaxLabel };
  return { ...common, kind };
}

export function newQuestion(kind: QuestionKind = 'shortText'): FormQuestion {
  return withKind({ id: newId('q'), kind: 'shortText', label: '', required: false }, kind);
}

export function newSection(): FormSection {
  return { id: newId('s'), title: '', questions: [newQuestion()] };
}

export function emptyForm(): BuilderForm {
  return { title: '', description: '', sections: [newSection()] };
}

/** `items` with the one at `index` moved by `delta` places (unchanged at either end). */
export function moved<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(index, 1) as [T];
  copy.splice(target, 0, item);
  return copy;
}

/** The field an error belongs to, as the server names it in `fieldErrors`: `sections.0.questions.2.label`. */
export type FieldPath = string;

/**
 * The form checked with the schema the API uses: the definition to send, or each error's message
 * (an i18n key) by field path; a form-wide problem (no section, a repeated id) under `sections`.
 */
export function checkForm(
  form: BuilderForm,
): { ok: true; definition: FormDefinition } | { ok: false; errors: Record<FieldPath, string> } {
  const result = FormDefinitionSchema.safeParse(form);
  if (result.success) return { ok: true, definition: result.data };
  const errors: Record<FieldPath, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || 'sections';
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The form as it goes out: choice options only on choices, scale fields only on scales. */
export function forSaving(form: BuilderForm): BuilderForm {
  return {
    ...form,
    sections: form.sections.map((section) => ({
      ...section,
      questions: section.questions.map((question) => withKind(question, question.kind)),
    })),
  };
}
