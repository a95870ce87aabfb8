import type { RegisterInput } from '@app/shared/schemas/auth';
import type { z } from '@app/shared/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldError, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { useToast } from '#app/ui/toast';
import { useRegister } from '../api/register';
import { browserTimeZone } from '../lib/browser-timezone';

export interface SignupFormOptions<TInput extends FieldValues, TOutput extends RegisterInput> {
  /** The role's register schema, the one the server checks. */
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** The fields a server field error is shown on; any other goes to a toast. */
  fields: readonly Path<TInput>[];
  /** The new account's email, and its password (a client may sign in at once: "do later"). */
  onRegistered(email: string, password: string): void;
}

/**
 * A sign-up form of either role: the submit registers with the browser's time zone and reports the
 * email, or puts the server's field errors on their fields; `error(field)` gives a field's words.
 */
export function useSignupForm<TInput extends FieldValues, TOutput extends RegisterInput>({
  schema,
  defaultValues,
  fields,
  onRegistered,
}: SignupFormOptions<TInput, TOutput>) {
  const { t } = useTranslation();
  const toast = useToast();
  const registration = useRegister();
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await registration.mutateAsync({ ...values, timezone: browserTimeZone() });
      onRegistered(values.email, values.password);
    } catch (error) {
      showServerError(error, { setError: form.setError, fields, toast, t });
    }
  });

  // Every field of the sign-up forms holds one value, so its entry is one FieldError.
  const error = (field: Path<TInput>) => tMessage(t, (errors[field] as FieldError | undefined)?.message);

  return { ...form, error, onSubmit, registering: registration.isPending };
}
