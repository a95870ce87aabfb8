import type { Answers, AnswerValue, FormDefinition } from '@app/shared/schemas/forms';
import { QuestionField } from './question-field';

/**
 * A form's description and its sections as the client sees them: one fieldset per section named by
 * its title (or the form's), each question as it is answered. The fill page and the builder's
 * preview both render this, so the preview is exactly what the client gets.
 */
export function FormSections({
  definition,
  answers,
  errors,
  onChange,
}: {
  definition: FormDefinition;
  answers: Answers;
  errors: Record<string, string>;
  onChange(questionId: string, value: AnswerValue): void;
}) {
  return (
    <>
      {definition.description ? <p className="text-slate-700">{definition.description}</p> : null}
      {definition.sections.map((section) => (
        <fieldset
          key={section.id}
          className="flex min-w-0 flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
        >
          <legend className="px-1 text-lg font-semibold break-words">{section.title || definition.title}</legend>
          {section.questions.map((question) => (
            <QuestionField
              key={question.id}
              question={question}
              value={answers[question.id]}
              error={errors[question.id]}
              onChange={(value) => onChange(question.id, value)}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}
