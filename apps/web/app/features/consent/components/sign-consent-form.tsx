import { type SignConsentBody, SignConsentBodySchema } from '@app/shared/schemas/consent';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field, FieldMessages, fieldMessageIds } from '#app/ui/field';
import { useToast } from '#app/ui/toast';
import { useSignConsent } from '../api/sign-consent';

type FormValues = { version: number; signedName: string; agreed: boolean };

/**
 * The client's signature of one consent version: their full name typed as they would sign, and
 * an explicit tick. Native controls only, so Tab, typing and Space are all it takes; errors are
 * linked to their field and announced.
 */
export function SignConsentForm({
  bookingId,
  version,
  defaultName,
  onSigned,
}: {
  bookingId: string;
  version: number;
  defaultName?: string;
  onSigned?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const signing = useSignConsent(bookingId);
  const agreeId = useId();
  const { errorId } = fieldMessageIds(agreeId);
  const form = useForm<FormValues, unknown, SignConsentBody>({
    resolver: zodResolver(SignConsentBodySchema) as never,
    defaultValues: { version, signedName: defaultName ?? '', agreed: false },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signing.mutateAsync({ ...values, version });
      toast.success(t('telehealthConsent.sign.thanks'));
      onSigned?.();
    } catch (failure) {
      showServerError(failure, { setError: form.setError, fields: ['signedName', 'agreed'], toast, t });
    }
  });
  const agreeError = tMessage(t, errors.agreed?.message);
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="sign-consent-form">
      <Field
        label={t('telehealthConsent.sign.nameLabel')}
        hint={t('telehealthConsent.sign.nameHint')}
        autoComplete="name"
        error={tMessage(t, errors.signedName?.message)}
        {...form.register('signedName')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={agreeId} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            id={agreeId}
            type="checkbox"
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? errorId : undefined}
            className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
            {...form.register('agreed')}
          />
          <span>{t('telehealthConsent.sign.agree')}</span>
        </label>
        <FieldMessages id={agreeId} error={agreeError} />
      </div>
      <div>
        <Button type="submit" loading={signing.isPending}>
          {t('telehealthConsent.sign.submit')}
        </Button>
      </div>
    </form>
  );
}
