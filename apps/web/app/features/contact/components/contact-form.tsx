import { type ContactBody, ContactBodySchema } from '@app/shared/schemas/contact';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { TextAreaField } from '#app/ui/form-fields';
import { useToast } from '#app/ui/toast';
import { useSendContact } from '../api/send-contact';

type FormValues = { firstName: string; lastName: string; email: string; phoneNumber: string; message: string };
const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'message'] as const;

/** The contact form (SPEC.md §5): first and last name, email and message required; phone optional. */
export function ContactForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const send = useSendContact();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, ContactBody>({
    resolver: zodResolver(ContactBodySchema) as never,
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '', message: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      const answer = await send.mutateAsync(body);
      setSent(answer.message);
    } catch (error) {
      showServerError(error, { setError, fields: FIELDS, toast, t });
    }
  });

  if (sent) {
    return (
      <p role="status" className="rounded-xl bg-green-50 px-4 py-4 text-green-900" data-testid="contact-sent">
        {sent}
      </p>
    );
  }
  const error = (field: (typeof FIELDS)[number]) => tMessage(t, errors[field]?.message);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('contactScreens.formLabel')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('contactScreens.firstName')}
          autoComplete="given-name"
          error={error('firstName')}
          {...register('firstName')}
        />
        <Field
          label={t('contactScreens.lastName')}
          autoComplete="family-name"
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      <Field
        label={t('contactScreens.email')}
        type="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
      <Field
        label={t('contactScreens.phone')}
        type="tel"
        autoComplete="tel"
        hint={t('contactScreens.phoneHint')}
        error={error('phoneNumber')}
        {...register('phoneNumber')}
      />
      <TextAreaField label={t('contactScreens.message')} rows={6} error={error('message')} {...register('message')} />
      <Button type="submit" loading={send.isPending} className="self-start">
        {t('contactScreens.send')}
      </Button>
    </form>
  );
}
