import { ChangeEmailSchema, EMAIL_CODE_LENGTH, EmailCodeSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import type { Role } from '#app/api/session';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { Field } from '#app/ui/field';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { OtpInput } from '#app/ui/otp-input';
import { useToast } from '#app/ui/toast';
import { useChangeEmail } from '../api/change-email';
import { useValidateEmailChange } from '../api/validate-email-change';

export const CHANGE_EMAIL_MODAL = 'changeEmail';

/** SPEC.md §2 "Update email": step 1 the new email twice, step 2 the 6-box one-time code. */
export function ChangeEmailDialog({ role }: { role: Role }) {
  const { t } = useTranslation();
  const binding = useModalBinding(CHANGE_EMAIL_MODAL);
  return (
    <Dialog {...binding} title={t('accounts.changeEmail.title')}>
      <ChangeEmailSteps role={role} />
    </Dialog>
  );
}

/** Lives inside the dialog, so closing the dialog starts over at step 1. */
function ChangeEmailSteps({ role }: { role: Role }) {
  const [pending, setPending] = useState<Sent | null>(null);
  return pending ? (
    <CodeStep {...pending} role={role} onOtherEmail={() => setPending(null)} />
  ) : (
    <EmailStep onSent={setPending} />
  );
}

/** Where the code went and how long it lives (the API's answer: the words never state it). */
interface Sent {
  email: string;
  expiresIn: number;
}

function EmailStep({ onSent }: { onSent(sent: Sent): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const start = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ChangeEmailSchema), defaultValues: { email: '', confirmEmail: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await start.mutateAsync(values);
      toast.success(t('accounts.changeEmail.otpSent'));
      onSent({ email: answer.email, expiresIn: answer.expiresIn });
    } catch (error) {
      showServerError(error, { setError, fields: ['email', 'confirmEmail'], toast, t });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="change-email-step-1">
      <Field
        label={t('accounts.changeEmail.email')}
        type="email"
        autoComplete="email"
        error={tMessage(t, errors.email?.message)}
        {...register('email')}
      />
      <Field
        label={t('accounts.changeEmail.confirmEmail')}
        type="email"
        autoComplete="email"
        error={tMessage(t, errors.confirmEmail?.message)}
        {...register('confirmEmail')}
      />
      <Button type="submit" loading={start.isPending} className="w-full">
        {t('accounts.changeEmail.submit')}
      </Button>
    </form>
  );
}

function CodeStep({ email, expiresIn, role, onOtherEmail }: Sent & { role: Role; onOtherEmail(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const confirm = useValidateEmailChange();
  const resend = useChangeEmail();
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(EmailCodeSchema), defaultValues: { token: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values.token);
      toast.success(t('accounts.changeEmail.changed'));
      modals.closeAll();
    } catch (error) {
      showServerError(error, { setError, fields: ['token'], toast, t });
    }
  });

  async function sendAgain() {
    try {
      await resend.mutateAsync({ email, confirmEmail: email });
      reset();
      toast.success(t('accounts.changeEmail.otpSent'));
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="change-email-step-2">
      <p className="text-sm text-slate-700">
        {t('accounts.changeEmail.codeText', { email, minutes: Math.ceil(expiresIn / 60) })}
      </p>
      <Controller
        control={control}
        name="token"
        render={({ field }) => (
          <OtpInput
            label={t('accounts.changeEmail.code')}
            length={EMAIL_CODE_LENGTH}
            value={field.value}
            onChange={field.onChange}
            error={tMessage(t, errors.token?.message)}
            autoFocus
          />
        )}
      />
      <Button type="submit" loading={confirm.isPending} className="w-full">
        {t('accounts.changeEmail.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="ghost" onClick={sendAgain} loading={resend.isPending}>
          {t('accounts.changeEmail.resend')}
        </Button>
        <Button variant="ghost" onClick={onOtherEmail}>
          {t('accounts.changeEmail.otherEmail')}
        </Button>
      </div>
      {role === 'client' ? (
        <Button variant="secondary" onClick={() => modals.closeAll()} className="w-full">
          {t('accounts.changeEmail.doLater')}
        </Button>
      ) : null}
    </form>
  );
}

declare module '#app/ui/modal-manager' {
  interface ModalRegistry {
    changeEmail: undefined;
  }
}
