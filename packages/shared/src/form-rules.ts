import type { Language } from './constants.ts';
import { type Instrument, itemId } from './instruments.ts';
import type { Answers, FormDefinition, FormQuestion } from './schemas/forms.ts';
import { LONG_ANSWER_MAX, SHORT_ANSWER_MAX } from './schemas/forms.ts';

/** A calendar date as YYYY-MM-DD that exists (no 31 February). */
export function isoDateValid(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** What is wrong with one answer: an i18n key (with params), by question id. */
export type AnswerErrors = Record<string, string>;

function answered(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Whether a value fits its question's kind; a draft may hold anything that fits, a submission must also be complete. */
function fits(question: FormQuestion, value: unknown): string | null {
  const optionIds = new Set(question.options?.map((option) => option.id));
  switch (question.kind) {
    case 'shortText':
      return typeof value === 'string' && value.length <= SHORT_ANSWER_MAX ? null : 'forms.answer.tooLong';
    case 'longText':
      return typeof value === 'string' && value.length <= LONG_ANSWER_MAX ? null : 'forms.answer.tooLong';
    case 'singleChoice':
      return typeof value === 'string' && optionIds.has(value) ? null : 'forms.answer.invalid';
    case 'multipleChoice':
      return Array.isArray(value) &&
        value.every((id) => typeof id === 'string' && optionIds.has(id)) &&
        new Set(value).size === value.length
        ? null
        : 'forms.answer.invalid';
    case 'scale':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= (question.scaleMax ?? 0)
        ? null
        : 'forms.answer.invalid';
    case 'yesNo':
      return typeof value === 'boolean' ? null : 'forms.answer.invalid';
    case 'date':
      return typeof value === 'string' && isoDateValid(value) ? null : 'forms.answer.invalidDate';
  }
}

/**
 * The errors of a set of answers against a form: an answer to no question, or one that does not
 * fit its question, is an error; on submit (`complete`), so is a required question left empty.
 * Empty: the answers stand. The API decides with it; the web shows the same words beside each question.
 */
export function answerErrors(definition: FormDefinition, answers: Answers, complete: boolean): AnswerErrors {
  const errors: AnswerErrors = {};
  const questions = new Map(
    definition.sections.flatMap((section) => section.questions.map((question) => [question.id, question] as const)),
  );
  for (const [id, value] of Object.entries(answers)) {
    const question = questions.get(id);
    if (!question) {
      errors[id] = 'forms.answer.unknownQuestion';
      continue;
    }
    if (!answered(value)) continue;
    const problem = fits(question, value);
    if (problem) errors[id] = problem;
  }
  if (complete) {
    for (const question of questions.values()) {
      if (question.required && !answered(answers[question.id]) && !errors[question.id]) {
        errors[question.id] = 'forms.answer.required';
      }
    }
  }
  return errors;
}

/**
 * An instrument as a form in one language: one section, each item a required single choice of
 * the four frequencies with ids '0'..'3' (the item's score), so it is filled and checked like
 * any form and scored by scoreInstrument.
 */
export function instrumentDefinition(instrument: Instrument, language: Language): FormDefinition {
  const options = instrument.options[language].map((label, value) => ({ id: String(value), label }));
  return {
    title: instrument.title[language],
    description: instrument.stem[language],
    sections: [
      {
        id: instrument.key,
        title: '',
        questions: instrument.items[language].map((label, index) => ({
          id: itemId(index + 1),
          kind: 'singleChoice' as const,
          label,
          required: true,
          options,
        })),
      },
    ],
  };
}
