import type { z } from '@app/shared/zod';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { useToast } from '#app/ui/toast';
import { textFormResolver } from '../lib/form-resolver';
import { text } from '../lib/options';

export interface ProfileFormOptions<TValues extends FieldValues, TOutput, TSaved> {
  /** The shared schema the route checks the body with. */
  schema: z.ZodType<TOutput, unknown>;
  defaultValues: DefaultValues<TValues>;
  /** The fields a server field error is shown on; any other goes to a toast. */
  fields: readonly Path<TValues>[];
  save(values: TOutput): Promise<TSaved>;
  /** Runs once the server has saved, before the "Data saved" toast. */
  onSaved(saved: TSaved, form: UseFormReturn<TValues, unknown, TOutput>): void;
}

/**
 * A profile screen's form (text values, the shared schema): a submit that saves, then says "Data saved",
 * or puts the server's field errors on their fields; `error(field)` gives a field's words.
 */
export function useProfileForm<TValues extends FieldValues, TOutput, TSaved>({
  schema,
  defaultValues,
  fields,
  save,
  onSaved,
}: ProfileFormOptions<TValues, TOutput, TSaved>) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useForm<TValues, unknown, TOutput>({ resolver: textFormResolver(schema), defaultValues });
  const { errors } = form.formState;
  // A field of these forms holds text or a list of ids, so its entry is one FieldError.
  const error = (field: Path<TValues>) => tMessage(t, (errors[field] as FieldError | undefined)?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      onSaved(saved, form);
      toast.success(t('profiles.dataSaved'));
    } catch (failure) {
      showServerError(failure, { setError: form.setError, fields, toast, t });
    }
  });

  return { ...form, error, onSubmit };
}

/** The form text of each named field of a profile: its value, or "" for null. */
export function textValues<TName extends string>(
  source: { [Name in TName]: string | null },
  names: readonly TName[],
): Record<TName, string> {
  return Object.fromEntries(names.map((name) => [name, text(source[name])])) as Record<TName, string>;
}
