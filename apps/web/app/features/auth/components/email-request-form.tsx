import { EmailOnlySchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { useToast } from '#app/ui/toast';
import { useHydrated } from '../hooks/use-hydrated';

export interface EmailRequestFormProps {
  label: string;
  submitLabel: string;
  pending: boolean;
  /** Sends the request; answers the server's sentence. */
  request(email: string): Promise<{ message: string }>;
  onDone(message: string): void;
}

/** One email field that asks the server to send a link (reset password, new verification link). */
export function EmailRequestForm({ label, submitLabel, pending, request, onDone }: EmailRequestFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(EmailOnlySchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      onDone((await request(email)).message);
    } catch (error) {
      showServerError(error, { setError, fields: ['email'], toast, t });
    }
  });

  return (
    <form noValidate method="post" onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field
        label={label}
        type="email"
        autoComplete="email"
        error={tMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <Button type="submit" loading={pending} disabled={!hydrated} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
