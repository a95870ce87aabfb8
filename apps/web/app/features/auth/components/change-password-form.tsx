import { UpdatePasswordSchema } from '@app/shared/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { useToast } from '#app/ui/toast';
import { useUpdatePassword } from '../api/update-password';
import { PasswordField } from './password-field';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

/** SPEC.md §5 "Change password": old, new, confirmation ('Passwords must match'). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(UpdatePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(values);
      toast.success(answer.message);
      reset();
    } catch (error) {
      showServerError(error, { setError, fields: FIELDS, toast, t });
    }
  });

  const error = (field: (typeof FIELDS)[number]) => tMessage(t, errors[field]?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="change-password-title">
      <PasswordField
        label={t('accounts.security.oldPassword')}
        autoComplete="current-password"
        error={error('oldPassword')}
        {...register('oldPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label={t('accounts.security.newPassword')}
          autoComplete="new-password"
          hint={t('accounts.signup.passwordHint')}
          error={error('newPassword')}
          {...register('newPassword')}
        />
        <PasswordField
          label={t('accounts.security.confirmPassword')}
          autoComplete="new-password"
          error={error('confirmPassword')}
          {...register('confirmPassword')}
        />
      </div>
      <div>
        <Button type="submit" loading={update.isPending}>
          {t('accounts.security.passwordSubmit')}
        </Button>
      </div>
    </form>
  );
}
