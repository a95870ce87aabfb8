import type { Language } from '@app/shared/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { innerPaths } from '#app/lib/paths-inner';
import { useLocaleData } from '#app/lib/shell-data';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { CLIENT_MODALS } from '../lib/modals';

/** "Import clients" (SPEC.md §2): choose email / manual entry or a CSV file. */
export function ImportChoiceDialog() {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const navigate = useNavigate();
  const modals = useModals();
  const binding = useModalBinding(CLIENT_MODALS.importChoice);
  const choices = [
    { key: 'manual', page: innerPaths.clientsImportedEmailManual },
    { key: 'csv', page: (language: Language) => innerPaths.clientsImported(language, 'csv-import') },
  ] as const;
  return (
    <Dialog {...binding} title={t('clients.importChoose.title')} description={t('clients.importChoose.intro')}>
      <div className="flex flex-col gap-3">
        {choices.map((choice) => (
          <button
            key={choice.key}
            type="button"
            className="rounded-xl border border-slate-200 p-4 text-left hover:border-brand-600 hover:bg-brand-50"
            onClick={() => {
              modals.closeAll();
              navigate(choice.page(lang));
            }}
          >
            <span className="block font-semibold">{t(`clients.importChoose.${choice.key}`)}</span>
            <span className="block text-sm text-slate-600">{t(`clients.importChoose.${choice.key}Hint`)}</span>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
