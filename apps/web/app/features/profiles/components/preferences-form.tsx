import { PREFERENCE_LIST_NAMES, type PreferenceListName } from '@app/shared/directory-rules';
import { type Preferences, PreferencesUpdateSchema } from '@app/shared/schemas/profiles';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '#app/lib/error-text';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { MultiSelect } from '#app/ui/multi-select';
import { useToast } from '#app/ui/toast';
import type { PreferenceOwner } from '../api/get-my-preferences';
import type { PreferenceOptions } from '../api/get-preference-options';
import { useUpdateMyPreferences } from '../api/update-my-preferences';
import { namedOptions } from '../lib/options';

type Selection = Record<PreferenceListName, string[]>;

function toSelection(preferences: Preferences): Selection {
  return Object.fromEntries(
    PREFERENCE_LIST_NAMES.map((name) => [name, (preferences[name] ?? []).map((item) => item.identifier)]),
  ) as Selection;
}

/** Lists in the order a person thinks about them. */
const GROUPS: { key: 'session' | 'therapist' | 'person'; lists: PreferenceListName[] }[] = [
  { key: 'session', lists: ['therapy', 'modality', 'specialities', 'therapyApproach', 'communication'] },
  { key: 'therapist', lists: ['gender', 'ageGroup', 'language', 'trait'] },
  { key: 'person', lists: ['religion', 'background', 'country'] },
];

export interface PreferencesFormProps {
  owner: PreferenceOwner;
  options: PreferenceOptions;
  preferences: Preferences;
}

/** The 12 preference lists (SPEC.md §3) as searchable multi-selects; one Save sends them all. */
export function PreferencesForm({ owner, options, preferences }: PreferencesFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useUpdateMyPreferences(owner);
  const initial = useMemo(() => toSelection(preferences), [preferences]);
  const [selection, setSelection] = useState<Selection>(initial);
  const [errors, setErrors] = useState<Partial<Record<PreferenceListName, string>>>({});

  async function onSubmit() {
    setErrors({});
    const parsed = PreferencesUpdateSchema.safeParse(selection);
    if (!parsed.success) {
      const next: Partial<Record<PreferenceListName, string>> = {};
      for (const issue of parsed.error.issues) {
        const list = issue.path[0] as PreferenceListName;
        next[list] ??= tMessage(t, issue.message);
      }
      setErrors(next);
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      setSelection(toSelection(saved));
      toast.success(t('profiles.dataSaved'));
    } catch (failure) {
      toast.error(errorText(t, failure));
    }
  }

  return (
    <form
      noValidate
      aria-label={t('profileScreens.preferences.title')}
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {GROUPS.map((group) => (
        <section
          key={group.key}
          aria-labelledby={`pref-${group.key}`}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id={`pref-${group.key}`} className="text-lg font-semibold">
            {t(`profileScreens.preferences.groups.${group.key}`)}
          </h2>
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            {group.lists.map((list) => (
              <MultiSelect
                key={list}
                id={`pref-${list}`}
                label={t(`profileScreens.preferences.lists.${list}`)}
                options={namedOptions(options[list])}
                value={selection[list]}
                onChange={(value) => setSelection((current) => ({ ...current, [list]: value }))}
                placeholder={t('profileScreens.searchPlaceholder')}
                error={errors[list]}
              />
            ))}
          </div>
        </section>
      ))}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('profileScreens.preferences.save')}
        </Button>
      </div>
    </form>
  );
}
