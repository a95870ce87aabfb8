import { type RejectProviderBody, RejectProviderBodySchema } from '@app/shared/schemas/admin';
import type { VerificationStatusValue } from '@app/shared/schemas/credentials';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { TextAreaField } from '#app/ui/form-fields';
import { useToast } from '#app/ui/toast';
import { useDecideProvider } from '../api/decide-provider';

/**
 * Approve, or reject with a note the provider reads (at /my-credentials and in the email). The
 * note follows the API's own schema (RejectProviderBodySchema); a decision is possible only while
 * the documents are submitted.
 */
export function DecisionForm({ providerId, status }: { providerId: string; status: VerificationStatusValue }) {
  const { t } = useTranslation();
  const toast = useToast();
  const decide = useDecideProvider(providerId);
  const form = useForm<RejectProviderBody>({
    resolver: zodResolver(RejectProviderBodySchema),
    defaultValues: { note: '' },
  });
  const error = form.formState.errors.note?.message;

  if (status !== 'submitted') {
    return (
      <p className="text-sm text-slate-700" data-testid="decision-unavailable">
        {t('admin.review.notSubmitted', { status: t(`admin.verification.${status}`) })}
      </p>
    );
  }

  const report = (failure: unknown) => {
    if (failure instanceof ApiError) {
      const noteErrors = failure.fieldErrors.note;
      if (noteErrors?.[0]) form.setError('note', { message: noteErrors[0] });
      else toast.error(failure.message);
    } else toast.error(String(failure));
  };

  const reject = form.handleSubmit(async ({ note }) => {
    try {
      const answer = await decide.mutateAsync({ decision: 'rejected', note });
      toast.success(answer.message);
      form.reset();
    } catch (failure) {
      report(failure);
    }
  });

  const approve = async () => {
    try {
      const answer = await decide.mutateAsync({ decision: 'approved' });
      toast.success(answer.message);
    } catch (failure) {
      report(failure);
    }
  };

  return (
    <form onSubmit={reject} noValidate className="flex flex-col gap-3">
      <TextAreaField
        label={t('admin.review.note')}
        hint={t('admin.review.noteHint')}
        error={tMessage(t, error)}
        maxLength={2000}
        {...form.register('note')}
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={approve} loading={decide.isPending && decide.variables?.decision === 'approved'}>
          {t('admin.review.approve')}
        </Button>
        <Button type="submit" variant="danger" loading={decide.isPending && decide.variables?.decision === 'rejected'}>
          {t('admin.review.reject')}
        </Button>
      </div>
    </form>
  );
}
