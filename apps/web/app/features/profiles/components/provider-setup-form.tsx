import { type ProviderProfile, type ProviderSetup, ProviderSetupSchema } from '@app/shared/schemas/profiles';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { MultiSelect } from '#app/ui/multi-select';
import type { PreferenceOptions } from '../api/get-preference-options';
import { useSetupProvider } from '../api/setup-provider';
import { textValues, useProfileForm } from '../hooks/use-profile-form';
import { namedOptions } from '../lib/options';
import {
  FormSection,
  GenderField,
  OfficeAddressField,
  ProfileLocationFields,
  TitleField,
  ZipCodeField,
} from './profile-fields';

const TEXT_FIELDS = ['countryIdentifier', 'stateIdentifier', 'title', 'gender', 'officeAddress', 'zipCode'] as const;
const FIELDS = [...TEXT_FIELDS, 'therapyIdentifiers', 'modalityIdentifiers', 'specialityIdentifiers'] as const;

interface SetupFormValues extends Record<(typeof TEXT_FIELDS)[number], string> {
  therapyIdentifiers: string[];
  modalityIdentifiers: string[];
  specialityIdentifiers: string[];
}

const ids = (items: { identifier: string }[] | undefined) => (items ?? []).map((item) => item.identifier);

function toValues(profile: ProviderProfile): SetupFormValues {
  return {
    ...textValues(profile.profileInfo, TEXT_FIELDS),
    therapyIdentifiers: ids(profile.preferences.therapy),
    modalityIdentifiers: ids(profile.preferences.modality),
    specialityIdentifiers: ids(profile.preferences.specialities),
  };
}

export interface ProviderSetupFormProps {
  profile: ProviderProfile;
  lists: PreferenceOptions;
  onSaved(profile: ProviderProfile): void;
}

/**
 * SPEC.md §5 "Provider setup": country, title, state, gender, office address, zip, and at least
 * one therapy, modality and specialty (searchable multi-selects).
 */
export function ProviderSetupForm({ profile, lists, onSaved }: ProviderSetupFormProps) {
  const { t } = useTranslation();
  const setup = useSetupProvider();
  const form = useProfileForm<SetupFormValues, ProviderSetup, ProviderProfile>({
    schema: ProviderSetupSchema,
    defaultValues: toValues(profile),
    fields: FIELDS,
    save: setup.mutateAsync,
    onSaved: (saved) => onSaved(saved),
  });
  const { register, control, error, onSubmit } = form;

  const multi = (
    name: 'therapyIdentifiers' | 'modalityIdentifiers' | 'specialityIdentifiers',
    list: keyof PreferenceOptions,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <MultiSelect
          id={`setup-${name}`}
          label={t(`profileScreens.setup.${name}`)}
          hint={t(`profileScreens.setup.${name}Hint`)}
          options={namedOptions(lists[list])}
          value={field.value}
          onChange={field.onChange}
          placeholder={t('profileScreens.searchPlaceholder')}
          error={error(name)}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="setup-heading" className="flex flex-col gap-6">
      <FormSection title={t('profileScreens.sections.practice')}>
        <TitleField required error={error('title')} {...register('title')} />
        <GenderField required error={error('gender')} {...register('gender')} />
        <ProfileLocationFields form={form} error={error} idPrefix="setup" scope="operating" />
        <OfficeAddressField required error={error('officeAddress')} {...register('officeAddress')} />
        <ZipCodeField required error={error('zipCode')} {...register('zipCode')} />
      </FormSection>
      <FormSection title={t('profileScreens.sections.services')} stacked>
        {multi('therapyIdentifiers', 'therapy')}
        {multi('modalityIdentifiers', 'modality')}
        {multi('specialityIdentifiers', 'specialities')}
      </FormSection>
      <div className="flex justify-end">
        <Button type="submit" loading={setup.isPending}>
          {t('profileScreens.setup.submit')}
        </Button>
      </div>
    </form>
  );
}
