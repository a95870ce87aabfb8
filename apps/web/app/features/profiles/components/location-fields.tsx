import type { Country } from '@app/shared/schemas/region';
import { useTranslation } from 'react-i18next';
import { SearchableSelect } from '#app/ui/searchable-select';
import { useCountries } from '../api/list-countries';
import { useStates } from '../api/list-states';

export interface LocationFieldsProps {
  /** Clients choose among all countries; providers among the operating ones. */
  scope: 'all' | 'operating';
  country: string;
  state: string;
  onCountryChange(countryId: string, country: Country | undefined): void;
  onStateChange(stateId: string): void;
  countryError?: string;
  stateError?: string;
  idPrefix: string;
}

/** Country (searchable) and the states of that country. */
export function LocationFields({
  scope,
  country,
  state,
  onCountryChange,
  onStateChange,
  countryError,
  stateError,
  idPrefix,
}: LocationFieldsProps) {
  const { t } = useTranslation();
  const countries = useCountries(scope);
  const states = useStates(country || null);
  const stateOptions = (states.data ?? []).map((item) => ({ value: item.identifier, label: item.name }));
  const noStates = Boolean(country) && states.isSuccess && stateOptions.length === 0;
  return (
    <>
      <SearchableSelect
        id={`${idPrefix}-country`}
        label={t('profileScreens.fields.country')}
        options={(countries.data ?? []).map((item) => ({ value: item.identifier, label: item.name }))}
        value={country || null}
        onChange={(id) =>
          onCountryChange(
            id,
            countries.data?.find((item) => item.identifier === id),
          )
        }
        placeholder={countries.isPending ? t('common.loading') : t('profileScreens.fields.countryPlaceholder')}
        error={countryError ?? (countries.isError ? t('common.failedToLoad') : undefined)}
      />
      {noStates ? null : (
        <SearchableSelect
          id={`${idPrefix}-state`}
          label={t('profileScreens.fields.state')}
          options={stateOptions}
          value={state || null}
          onChange={onStateChange}
          placeholder={
            !country
              ? t('profileScreens.fields.stateFirstCountry')
              : states.isPending
                ? t('common.loading')
                : t('profileScreens.fields.statePlaceholder')
          }
          error={stateError ?? (states.isError ? t('common.failedToLoad') : undefined)}
        />
      )}
    </>
  );
}
