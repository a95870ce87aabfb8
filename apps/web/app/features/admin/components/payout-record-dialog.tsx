import {
  type ManualPayout,
  type MarkPayoutFailedBody,
  MarkPayoutFailedBodySchema,
  type MarkPayoutPaidBody,
  MarkPayoutPaidBodySchema,
} from '@app/shared/schemas/manual-payouts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { money } from '#app/lib/money';
import { useLocaleData } from '#app/lib/shell-data';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { Field } from '#app/ui/field';
import { TextAreaField } from '#app/ui/form-fields';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { type PayoutOutcome, useRecordManualPayout } from '../api/record-manual-payout';
import { ADMIN_MODALS } from '../lib/modals';

/** Records the outcome, toasts it and closes; server field errors go under their fields, others to a toast. */
function useRecord<T extends FieldValues>(payout: ManualPayout, form: UseFormReturn<T>, toastKey: string) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const toast = useToast();
  const modals = useModals();
  const record = useRecordManualPayout();
  const submit = async (outcome: PayoutOutcome) => {
    try {
      await record.mutateAsync({ payoutId: payout.identifier, ...outcome });
      toast.success(
        t(toastKey, { amount: money(payout.amount, payout.currencyCode, lang), name: payout.provider.name }),
      );
      modals.closeAll();
    } catch (failure) {
      if (!(failure instanceof ApiError)) return toast.error(String(failure));
      const fields = Object.entries(failure.fieldErrors).filter(([field]) => field in form.getValues());
      if (fields.length === 0) return toast.error(failure.message);
      for (const [field, messages] of fields) form.setError(field as Path<T>, { message: messages[0] });
    }
  };
  return { submit, pending: record.isPending };
}

function Actions({ label, danger, pending }: { label: string; danger?: boolean; pending: boolean }) {
  const { t } = useTranslation();
  const modals = useModals();
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={() => modals.closeAll()}>
        {t('admin.common.cancel')}
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
        {label}
      </Button>
    </div>
  );
}

function PaidForm({ payout }: { payout: ManualPayout }) {
  const { t } = useTranslation();
  const form = useForm<MarkPayoutPaidBody>({
    resolver: zodResolver(MarkPayoutPaidBodySchema),
    defaultValues: { bankReference: '', note: '' },
  });
  const { submit, pending } = useRecord(payout, form, 'admin.payouts.paidToast');
  const { errors } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit((body) => submit({ outcome: 'paid', body }))}
      noValidate
      className="flex flex-col gap-4"
    >
      <Field
        label={t('admin.payouts.bankReference')}
        hint={t('admin.payouts.bankReferenceHint')}
        error={tMessage(t, errors.bankReference?.message)}
        maxLength={100}
        autoComplete="off"
        {...form.register('bankReference')}
      />
      <TextAreaField
        label={t('admin.payouts.noteOptional')}
        error={tMessage(t, errors.note?.message)}
        maxLength={500}
        {...form.register('note')}
      />
      <Actions label={t('admin.payouts.markPaid')} pending={pending} />
    </form>
  );
}

function FailedForm({ payout }: { payout: ManualPayout }) {
  const { t } = useTranslation();
  const form = useForm<MarkPayoutFailedBody>({
    resolver: zodResolver(MarkPayoutFailedBodySchema),
    defaultValues: { note: '' },
  });
  const { submit, pending } = useRecord(payout, form, 'admin.payouts.failedToast');
  return (
    <form
      onSubmit={form.handleSubmit((body) => submit({ outcome: 'failed', body }))}
      noValidate
      className="flex flex-col gap-4"
    >
      <TextAreaField
        label={t('admin.payouts.failureReason')}
        hint={t('admin.payouts.failureReasonHint')}
        error={tMessage(t, form.formState.errors.note?.message)}
        maxLength={500}
        {...form.register('note')}
      />
      <Actions label={t('admin.payouts.markFailed')} danger pending={pending} />
    </form>
  );
}

/**
 * Records a manual payout: paid (the bank's reference of the transfer made, an optional note) or
 * failed (why; the provider's earnings return). Either is final, so the dialog says so.
 */
export function PayoutRecordDialog() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const modals = useModals();
  const binding = useModalBinding(ADMIN_MODALS.payoutRecord);
  const props = modals.propsOf(ADMIN_MODALS.payoutRecord);
  if (!props) return null;
  const { payout, outcome } = props;
  const words = { amount: money(payout.amount, payout.currencyCode, lang), name: payout.provider.name };
  return (
    <Dialog
      {...binding}
      title={t(outcome === 'paid' ? 'admin.payouts.paidTitle' : 'admin.payouts.failedTitle', words)}
      description={t(outcome === 'paid' ? 'admin.payouts.paidText' : 'admin.payouts.failedText', words)}
    >
      {outcome === 'paid' ? <PaidForm payout={payout} /> : <FailedForm payout={payout} />}
    </Dialog>
  );
}
