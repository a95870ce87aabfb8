import { INSTRUMENT_KEYS } from '../instruments.ts';
import { messageKey, z } from '../zod.ts';

/**
 * Intake questionnaires and outcome measures (forms module). A provider builds a form of sections
 * and questions; each save is a new version and a sent form keeps the version it was sent with.
 * Validated instruments (PHQ-9, GAD-7, …) are data in packages/shared/src/instruments.ts.
 */
export const QUESTION_KINDS = [
  'shortText',
  'longText',
  'singleChoice',
  'multipleChoice',
  'scale',
  'yesNo',
  'date',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const FORM_TITLE_MAX = 120;
export const FORM_DESCRIPTION_MAX = 1000;
export const QUESTION_LABEL_MAX = 300;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 4000;
export const FORM_SECTIONS_MAX = 20;
export const SECTION_QUESTIONS_MAX = 40;
export const CHOICE_OPTIONS_MIN = 2;
export const CHOICE_OPTIONS_MAX = 20;
export const SCALE_MAX_MIN = 1;
export const SCALE_MAX_MAX = 10;
/** How often a measure may be re-sent: before every Nth paid session, N in this range. */
export const RESEND_EVERY_MIN = 1;
export const RESEND_EVERY_MAX = 52;
/**
 * A measure due before a later session goes out this long before it starts (when it is paid, if
 * that is later): the client has days to fill it, and a series paid at once does not send every
 * session's measures on the day of payment.
 */
export const MEASURE_LEAD_HOURS = 72;

const Id = z
  .string()
  .trim()
  .regex(/^[a-zA-Z0-9_-]{1,40}$/, 'validation.invalidFormat');
const Text = (max: number) => z.string().trim().min(1).max(max);

export const ChoiceOptionSchema = z.object({ id: Id, label: Text(QUESTION_LABEL_MAX) });

export const FormQuestionSchema = z
  .object({
    id: Id,
    kind: z.enum(QUESTION_KINDS),
    label: Text(QUESTION_LABEL_MAX),
    help: z.string().trim().max(QUESTION_LABEL_MAX).optional(),
    required: z.boolean(),
    options: z.array(ChoiceOptionSchema).max(CHOICE_OPTIONS_MAX).optional(),
    scaleMax: z.number().int().min(SCALE_MAX_MIN).max(SCALE_MAX_MAX).optional(),
    scaleMinLabel: z.string().trim().max(60).optional(),
    scaleMaxLabel: z.string().trim().max(60).optional(),
  })
  .superRefine((question, context) => {
    const choice = question.kind === 'singleChoice' || question.kind === 'multipleChoice';
    if (choice && (question.options?.length ?? 0) < CHOICE_OPTIONS_MIN) {
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: messageKey('forms.builder.optionsTooFew', { minimum: CHOICE_OPTIONS_MIN }),
      });
    }
    if (choice && new Set(question.options?.map((option) => option.id)).size !== question.options?.length) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'forms.builder.duplicateId' });
    }
    if (question.kind === 'scale' && question.scaleMax === undefined) {
      context.addIssue({ code: 'custom', path: ['scaleMax'], message: 'validation.required' });
    }
  });
export type FormQuestion = z.infer<typeof FormQuestionSchema>;

export const FormSectionSchema = z.object({
  id: Id,
  title: z.string().trim().max(FORM_TITLE_MAX),
  questions: z.array(FormQuestionSchema).min(1, 'forms.builder.sectionEmpty').max(SECTION_QUESTIONS_MAX),
});
export type FormSection = z.infer<typeof FormSectionSchema>;

/** POST /forms/templates and PUT /forms/templates/{id} (a new version). */
export const FormDefinitionSchema = z
  .object({
    title: Text(FORM_TITLE_MAX),
    description: z.string().trim().max(FORM_DESCRIPTION_MAX).default(''),
    sections: z.array(FormSectionSchema).min(1, 'forms.builder.formEmpty').max(FORM_SECTIONS_MAX),
  })
  .superRefine((form, context) => {
    const ids = form.sections.flatMap((section) => section.questions.map((question) => question.id));
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', path: ['sections'], message: 'forms.builder.duplicateId' });
    }
  });
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;
export type FormDefinitionInput = z.input<typeof FormDefinitionSchema>;

export const FormTemplateSchema = z.object({
  id: z.uuid(),
  version: z.number().int(),
  definition: FormDefinitionSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FormTemplate = z.infer<typeof FormTemplateSchema>;
export const FormTemplateListSchema = z.object({ data: z.array(FormTemplateSchema) });

/** What is sent: one of the provider's forms, or an instrument. */
export const FormRefSchema = z.union([
  z.object({ templateId: z.uuid() }).strict(),
  z.object({ instrument: z.enum(INSTRUMENT_KEYS) }).strict(),
]);
export type FormRef = z.infer<typeof FormRefSchema>;

/** POST /forms/assignments: to one client (sent now) or to every new client (sent on the first paid booking). */
export const CreateAssignmentBodySchema = z.object({
  form: FormRefSchema,
  /** A client's account id; null: every new client. */
  clientId: z.uuid().nullable(),
  /** Re-send before every Nth paid session (measures); null: once. */
  resendEvery: z.number().int().min(RESEND_EVERY_MIN).max(RESEND_EVERY_MAX).nullable().default(null),
});
export type CreateAssignmentBody = z.input<typeof CreateAssignmentBodySchema>;

export const AssignmentSchema = z.object({
  id: z.uuid(),
  form: FormRefSchema,
  title: z.string(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  resendEvery: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type Assignment = z.infer<typeof AssignmentSchema>;
export const AssignmentListSchema = z.object({ data: z.array(AssignmentSchema) });

/** One answer: text, a date (YYYY-MM-DD), an option id, option ids, a scale point or yes/no. */
export const AnswerValueSchema = z.union([
  z.string().max(LONG_ANSWER_MAX),
  z.array(z.string().max(40)).max(CHOICE_OPTIONS_MAX),
  z.number().int().min(0).max(SCALE_MAX_MAX),
  z.boolean(),
  z.null(),
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;
export const AnswersSchema = z
  .record(z.string().max(40), AnswerValueSchema)
  .refine(
    (answers) => Object.keys(answers).length <= FORM_SECTIONS_MAX * SECTION_QUESTIONS_MAX,
    'validation.invalidFormat',
  );
export type Answers = z.infer<typeof AnswersSchema>;

/** PUT /forms/requests/{id}/draft and POST /forms/requests/{id}/submit. */
export const AnswersBodySchema = z.object({ answers: AnswersSchema });
export type AnswersBody = z.infer<typeof AnswersBodySchema>;

export const FORM_REQUEST_STATUSES = ['sent', 'draft', 'submitted'] as const;
export type FormRequestStatus = (typeof FORM_REQUEST_STATUSES)[number];

export const SEVERITY_BANDS = [
  'minimal',
  'mild',
  'moderate',
  'moderatelySevere',
  'severe',
  'belowCutoff',
  'atOrAboveCutoff',
] as const;

export const FormResultSchema = z.object({
  score: z.number().int(),
  maxScore: z.number().int(),
  band: z.enum(SEVERITY_BANDS),
  urgent: z.boolean(),
});
export type FormResult = z.infer<typeof FormResultSchema>;

/** A sent form as a list shows it (no answers). */
export const FormRequestSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  instrument: z.enum(INSTRUMENT_KEYS).nullable(),
  status: z.enum(FORM_REQUEST_STATUSES),
  providerId: z.uuid(),
  providerName: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  urgent: z.boolean(),
  sentAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
});
export type FormRequestSummary = z.infer<typeof FormRequestSummarySchema>;
export const FormRequestListSchema = z.object({ data: z.array(FormRequestSummarySchema) });

/** A sent form with its questions in the reader's language (a provider's own form: as written) and its answers. */
export const FormRequestSchema = FormRequestSummarySchema.extend({
  definition: FormDefinitionSchema,
  answers: AnswersSchema,
  result: FormResultSchema.nullable(),
  draftSavedAt: z.iso.datetime().nullable(),
});
export type FormRequest = z.infer<typeof FormRequestSchema>;

/** The answer to a submit: the result for an instrument, and whether to show crisis lines (never a diagnosis). */
export const SubmitAnswerSchema = z.object({
  request: FormRequestSchema,
  showCrisisLines: z.boolean(),
  /** The client's country, to pick the crisis lines; null: unknown (every country's are shown). */
  countryCode: z.string().nullable(),
});
export type SubmitAnswer = z.infer<typeof SubmitAnswerSchema>;

/** GET /forms/overview (provider): urgent first, then newest submissions, then forms awaiting the client. */
export const FormsOverviewSchema = z.object({
  submitted: z.array(FormRequestSummarySchema),
  awaiting: z.array(FormRequestSummarySchema),
});
export type FormsOverview = z.infer<typeof FormsOverviewSchema>;

/** One measure's scores over time (progress chart and its table). */
export const MeasureSeriesSchema = z.object({
  instrument: z.enum(INSTRUMENT_KEYS),
  maxScore: z.number().int(),
  bands: z.array(z.object({ band: z.enum(SEVERITY_BANDS), min: z.number().int(), max: z.number().int() })),
  points: z.array(
    z.object({
      requestId: z.uuid(),
      at: z.iso.datetime(),
      score: z.number().int(),
      band: z.enum(SEVERITY_BANDS),
      urgent: z.boolean(),
    }),
  ),
});
export type MeasureSeries = z.infer<typeof MeasureSeriesSchema>;
export const ProgressSchema = z.object({ data: z.array(MeasureSeriesSchema) });
export type Progress = z.infer<typeof ProgressSchema>;
