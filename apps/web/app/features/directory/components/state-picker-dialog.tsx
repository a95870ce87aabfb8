import { useState } from 'react';
import { useWords } from '#app/lib/words';
import { Button } from '#app/ui/button';
import { Dialog } from '#app/ui/dialog';
import { useModalBinding, useModals } from '#app/ui/modal-manager';
import { SearchableSelect } from '#app/ui/searchable-select';
import { useStates, useTopStates } from '../api/list-states';
import { DIRECTORY_MODALS } from '../lib/modals';

/**
 * Select state (SPEC.md §2): the US states in a searchable list, the three with the most
 * therapists as quick choices, and Find Therapist, which opens the directory filtered by that
 * state (therapists there or licensed there).
 */
export function StatePickerDialog({ onFind }: { onFind(stateCode: string): void }) {
  const { t } = useWords();
  const binding = useModalBinding(DIRECTORY_MODALS.selectState);
  const modals = useModals();
  const states = useStates('US', binding.open);
  const top = useTopStates('US', binding.open);
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const find = () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    modals.closeAll();
    onFind(chosen);
  };

  return (
    <Dialog
      {...binding}
      title={t('searchScreens.statePicker.title')}
      description={t('searchScreens.statePicker.intro')}
    >
      <div className="flex flex-col gap-4">
        {top.data && top.data.length > 0 ? (
          <div>
            <p className="text-sm font-semibold text-slate-800">{t('searchScreens.statePicker.popular')}</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {top.data.map((state) => (
                <li key={state.code}>
                  <button
                    type="button"
                    aria-pressed={chosen === state.code}
                    onClick={() => {
                      setChosen(state.code);
                      setMissing(false);
                    }}
                    className="rounded-full border border-slate-300 px-3 py-1 text-sm hover:border-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
                  >
                    {t('searchScreens.statePicker.stateWithCount', { name: state.name, count: state.providerCount })}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <SearchableSelect
          label={t('searchScreens.state')}
          placeholder={t('searchScreens.statePicker.placeholder')}
          options={(states.data ?? []).map((state) => ({ value: state.code, label: state.name }))}
          value={chosen}
          onChange={(value) => {
            setChosen(value);
            setMissing(false);
          }}
          error={missing ? t('searchScreens.statePicker.required') : undefined}
        />
        <Button onClick={find} className="w-full">
          {t('searchScreens.statePicker.find')}
        </Button>
      </div>
    </Dialog>
  );
}
