import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useVerificationNote } from '../api/get-verification-note';
import { useSubmitVerification } from '../api/submit-verification';
import { CREDENTIAL_MODALS } from '../lib/modals';

const TONE = {
  draft: 'bg-slate-100 text-slate-800',
  submitted: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
} as const;

/** The status, the reviewer's note and what is missing, always shown; submit behind the document review notice. */
export function VerificationPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(CREDENTIAL_MODALS.reviewNotice);
  const note = useVerificationNote();
  const submit = useSubmitVerification();
  if (!note.data) return <Spinner />;
  const { status, missing, listed } = note.data;
  const canSubmit = status === 'draft' || status === 'rejected';

  return (
    <section aria-labelledby="status-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="status-heading" className="text-lg font-semibold">
          {t('credentials.status.label')}:{' '}
          <span className={cn('ml-1 rounded-full px-3 py-1 text-sm', TONE[status])} data-testid="verification-status">
            {t(`credentials.status.${status}`)}
          </span>
        </h2>
        {canSubmit ? (
          <Button onClick={() => modals.open(CREDENTIAL_MODALS.reviewNotice)}>{t('credentials.submit.button')}</Button>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {t(listed ? 'credentials.status.listed' : 'credentials.status.notListed')}
      </p>
      {note.data.note ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3">
          <p className="text-sm font-medium">{t('credentials.status.note')}</p>
          <p className="text-sm whitespace-pre-line" data-testid="verification-note">
            {note.data.note}
          </p>
        </div>
      ) : null}
      {canSubmit && missing.length > 0 ? (
        <div className="mt-3 text-sm">
          <p>{t('credentials.status.missing')}</p>
          <ul className="list-disc pl-5">
            {missing.map((item) => (
              <li key={item}>{t(`credentials.missing.${item}`)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Dialog {...binding} title={t('credentials.submit.title')}>
        <p className="text-sm text-slate-700">{t('credentials.submit.body')}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => modals.closeAll()}>
            {t('credentials.upload.cancel')}
          </Button>
          <Button
            loading={submit.isPending}
            onClick={async () => {
              try {
                await submit.mutateAsync();
                toast.success(t('credentials.submit.done'));
              } catch (error) {
                toast.error(error instanceof ApiError ? error.message : String(error));
              } finally {
                modals.closeAll();
              }
            }}
          >
            {t('credentials.submit.confirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
