import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { CLIENT_MODALS } from '../lib/modals';

const OUTCOME_KEYS = { imported: 'importedNew', invited: 'invited', duplicate: 'duplicate' } as const;

/** "Manual import success" / "email import success" (when invitations went out), with each person's outcome. */
export function ImportSuccessDialog() {
  const { t } = useTranslation();
  const modals = useModals();
  const binding = useModalBinding(CLIENT_MODALS.importSuccess);
  const answer = modals.propsOf(CLIENT_MODALS.importSuccess)?.answer;
  const duplicates = answer?.results.filter((result) => result.outcome === 'duplicate').length ?? 0;
  return (
    <Dialog
      {...binding}
      title={t(answer && answer.invited > 0 ? 'clients.manual.emailSuccessTitle' : 'clients.manual.successTitle')}
    >
      {answer ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-900">
            {answer.message}
          </p>
          <p className="text-sm text-slate-700">
            {t('clients.manual.summary', { imported: answer.imported, duplicates, invited: answer.invited })}
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            {answer.results.map((result) => (
              <li key={result.email} className="flex justify-between gap-3">
                <span className="min-w-0 [overflow-wrap:anywhere]">{result.email}</span>
                <span className="shrink-0 text-slate-600">{t(`clients.manual.${OUTCOME_KEYS[result.outcome]}`)}</span>
              </li>
            ))}
          </ul>
          <Button className="self-end" onClick={() => modals.closeAll()}>
            {t('clients.manual.done')}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
