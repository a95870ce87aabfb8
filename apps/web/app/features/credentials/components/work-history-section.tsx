import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { useToast } from '#app/ui/toast';
import { useDeleteWorkHistory } from '../api/delete-work-history';
import { useWorkHistory } from '../api/list-work-history';
import { useSaveWorkHistory } from '../api/save-work-history';
import { CREDENTIAL_MODALS } from '../lib/modals';
import { WorkHistoryForm } from './work-history-form';

/** The work history list and the "add work experience" dialog (side text Employment History). */
export function WorkHistorySection() {
  const { t } = useTranslation();
  const toast = useToast();
  const modals = useModals();
  const binding = useModalBinding(CREDENTIAL_MODALS.workExperience);
  const list = useWorkHistory();
  const save = useSaveWorkHistory();
  const remove = useDeleteWorkHistory();
  const editing = modals.propsOf(CREDENTIAL_MODALS.workExperience)?.entry;

  return (
    <section aria-labelledby="work-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="work-heading" className="text-lg font-semibold">
          {t('credentials.work.title')}
        </h2>
        <Button onClick={() => modals.open(CREDENTIAL_MODALS.workExperience)}>{t('credentials.work.add')}</Button>
      </div>
      {(list.data ?? []).length === 0 ? <p className="text-sm text-slate-600">{t('credentials.work.empty')}</p> : null}
      <ul className="flex flex-col gap-3">
        {(list.data ?? []).map((entry) => (
          <li
            key={entry.identifier}
            className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-slate-200 p-3"
          >
            <div>
              <p className="font-medium">
                {entry.jobTitle} · {entry.companyName}
              </p>
              <p className="text-sm text-slate-600">
                {entry.startDate} – {entry.currentlyWorksHere ? t('credentials.work.present') : entry.endDate}
              </p>
              {entry.description ? <p className="mt-1 text-sm">{entry.description}</p> : null}
            </div>
            <span className="flex gap-2">
              <Button variant="secondary" onClick={() => modals.open(CREDENTIAL_MODALS.workExperience, { entry })}>
                {t('credentials.files.edit')}
              </Button>
              <Button
                variant="ghost"
                onClick={async () => {
                  try {
                    toast.success((await remove.mutateAsync(entry.identifier)).message);
                  } catch (error) {
                    toast.error(error instanceof ApiError ? error.message : String(error));
                  }
                }}
              >
                {t('credentials.work.delete')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <Dialog
        {...binding}
        size="md"
        title={editing ? t('credentials.work.edit') : t('credentials.work.add')}
        description={t('credentials.work.side')}
      >
        <WorkHistoryForm
          key={editing?.identifier ?? 'new'}
          initial={editing ?? null}
          onCancel={() => modals.closeAll()}
          onSave={async (entry) => {
            await save.mutateAsync({ id: editing?.identifier, entry });
            toast.success(t(editing ? 'credentials.workHistoryUpdated' : 'credentials.workHistorySaved'));
            modals.closeAll();
          }}
        />
      </Dialog>
    </section>
  );
}
