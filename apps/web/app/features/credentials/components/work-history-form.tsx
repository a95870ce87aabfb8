import type { WorkHistory, WorkHistoryInput } from '@app/shared/schemas/credentials';
import { WorkHistoryInputSchema } from '@app/shared/schemas/credentials';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field, FieldMessages } from '#app/ui/field';

interface Values {
  companyName: string;
  jobTitle: string;
  startDate: string;
  endDate: string;
  currentlyWorksHere: boolean;
  description: string;
}

export interface WorkHistoryFormProps {
  initial?: WorkHistory | null;
  onSave(entry: WorkHistoryInput): Promise<unknown>;
  onCancel?(): void;
}

/**
 * The work-experience form (SPEC.md §2, §4, §5): month inputs from 1900-01 to 2099-12; ticking
 * "currently works here" clears the end date and hides its field.
 */
export function WorkHistoryForm({ initial, onSave, onCancel }: WorkHistoryFormProps) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const form = useForm<Values>({
    resolver: zodResolver(WorkHistoryInputSchema) as unknown as Resolver<Values>,
    defaultValues: {
      companyName: initial?.companyName ?? '',
      jobTitle: initial?.jobTitle ?? '',
      startDate: initial?.startDate ?? '',
      endDate: initial?.endDate ?? '',
      currentlyWorksHere: initial?.currentlyWorksHere ?? false,
      description: initial?.description ?? '',
    },
  });
  const { register, handleSubmit, formState, watch, setValue, setError } = form;
  const current = watch('currentlyWorksHere');
  const errors = formState.errors;
  const currentField = register('currentlyWorksHere');

  const submit = handleSubmit(async (values) => {
    try {
      await onSave({
        ...values,
        endDate: values.currentlyWorksHere ? null : values.endDate || null,
        description: values.description || null,
      });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.fieldErrors)) {
          setError(field as keyof Values, { message: messages[0] });
        }
        if (Object.keys(error.fieldErrors).length === 0) setError('root', { message: error.message });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label={t('credentials.work.companyName')}
        error={tMessage(t, errors.companyName?.message)}
        {...register('companyName')}
      />
      <Field
        label={t('credentials.work.jobTitle')}
        error={tMessage(t, errors.jobTitle?.message)}
        {...register('jobTitle')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          type="month"
          min="1900-01"
          max="2099-12"
          placeholder="YYYY-MM"
          label={t('credentials.work.startDate')}
          error={tMessage(t, errors.startDate?.message)}
          {...register('startDate')}
        />
        {current ? null : (
          <Field
            type="month"
            min="1900-01"
            max="2099-12"
            placeholder="YYYY-MM"
            label={t('credentials.work.endDate')}
            error={tMessage(t, errors.endDate?.message)}
            {...register('endDate')}
          />
        )}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4"
          {...currentField}
          onChange={(event) => {
            void currentField.onChange(event);
            if (event.target.checked) setValue('endDate', '');
          }}
        />
        {t('credentials.work.currentlyWorksHere')}
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="text-sm font-medium">
          {t('credentials.work.description')}
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={2000}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          {...register('description')}
        />
        <FieldMessages id={descriptionId} error={tMessage(t, errors.description?.message)} />
      </div>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('credentials.upload.cancel')}
          </Button>
        ) : null}
        <Button type="submit" loading={formState.isSubmitting}>
          {t('credentials.work.save')}
        </Button>
      </div>
    </form>
  );
}
