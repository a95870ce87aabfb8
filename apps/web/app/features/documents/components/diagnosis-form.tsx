import {
  type SessionDiagnosis,
  type SessionDiagnosisUpdate,
  SessionDiagnosisUpdateSchema,
} from '@app/shared/schemas/documents';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { SelectField } from '#app/ui/form-fields';
import { LoadGate } from '#app/ui/load-gate';
import { useToast } from '#app/ui/toast';
import { useSaveSessionDiagnosis, useSessionDiagnosis } from '../api/session-diagnosis';

/** The form holds the codes as one comma-separated line; the shared schema checks the list. */
type FormValues = { codes: string; placeOfService: '' | '02' };

const splitCodes = (line: string) =>
  line
    .split(/[,;\s]+/)
    .map((code) => code.trim())
    .filter(Boolean);

/**
 * The provider's diagnosis codes and place of service of one session with a US client, printed
 * on the client's superbill (stored sealed like a note; every read is logged).
 */
export function DiagnosisForm({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const diagnosis = useSessionDiagnosis(bookingId);
  return (
    <section
      aria-labelledby="diagnosis-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="diagnosis-heading" className="text-lg font-semibold">
        {t('documents.diagnosis.heading')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('documents.diagnosis.intro')}</p>
      <LoadGate query={diagnosis}>{(data) => <DiagnosisFields bookingId={bookingId} saved={data} />}</LoadGate>
    </section>
  );
}

function DiagnosisFields({ bookingId, saved }: { bookingId: string; saved: SessionDiagnosis }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveSessionDiagnosis(bookingId);
  const toValues = (diagnosis: SessionDiagnosis): FormValues => ({
    codes: diagnosis.codes.join(', '),
    placeOfService: diagnosis.placeOfService === '02' ? '02' : '',
  });
  const form = useForm<FormValues>({ defaultValues: toValues(saved) });
  const codesError = form.formState.errors.codes?.message;
  const onSubmit = form.handleSubmit(async (values) => {
    const body: SessionDiagnosisUpdate = {
      codes: splitCodes(values.codes),
      placeOfService: values.placeOfService || '10',
    };
    const checked = SessionDiagnosisUpdateSchema.safeParse(body);
    if (!checked.success) {
      form.setError('codes', { message: checked.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    try {
      form.reset(toValues(await save.mutateAsync(body)));
      toast.success(t('documents.diagnosis.saved'));
    } catch (failure) {
      showServerError(failure, { toast, t });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="diagnosis-heading" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('documents.diagnosis.codes')}
          hint={t('documents.diagnosis.codesHint')}
          autoComplete="off"
          error={tMessage(t, codesError)}
          {...form.register('codes')}
        />
        <SelectField
          label={t('documents.diagnosis.placeOfService')}
          emptyLabel={t('documents.diagnosis.pos10')}
          options={[{ value: '02', label: t('documents.diagnosis.pos02') }]}
          {...form.register('placeOfService')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('documents.diagnosis.save')}
        </Button>
      </div>
    </form>
  );
}
