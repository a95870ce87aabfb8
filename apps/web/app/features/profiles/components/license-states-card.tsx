import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { Button } from '#app/ui/button';
import { MultiSelect } from '#app/ui/multi-select';
import { useToast } from '#app/ui/toast';
import { useLicenseStates, useSetLicenseStates, useUsStates } from '../api/license-states';

/**
 * The US states where the provider holds a licence: clients in those states find them, and their
 * public page lists them. Empty for a provider licensed outside the US.
 */
export function LicenseStatesCard() {
  const { t } = useTranslation();
  const toast = useToast();
  const current = useLicenseStates();
  const states = useUsStates();
  const save = useSetLicenseStates();
  const [chosen, setChosen] = useState<string[]>([]);

  useEffect(() => {
    if (current.data) setChosen(current.data.map((state) => state.identifier));
  }, [current.data]);

  async function onSave() {
    try {
      await save.mutateAsync({ stateIdentifiers: chosen });
      toast.success(t('profileScreens.licenseStates.saved'));
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  return (
    <section
      aria-labelledby="license-states-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="license-states-heading" className="text-lg font-semibold">
        {t('profileScreens.licenseStates.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profileScreens.licenseStates.intro')}</p>
      <div className="mt-3 flex flex-col gap-3">
        <MultiSelect
          label={t('profileScreens.licenseStates.label')}
          options={(states.data ?? []).map((state) => ({ value: state.identifier, label: state.name }))}
          value={chosen}
          onChange={setChosen}
          disabled={!states.data || !current.data}
        />
        <Button variant="secondary" onClick={onSave} loading={save.isPending} disabled={!current.data}>
          {t('profileScreens.licenseStates.save')}
        </Button>
      </div>
    </section>
  );
}
