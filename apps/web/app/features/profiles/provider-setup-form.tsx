import { type ProviderProfile, type ProviderSetup, ProviderSetupSchema } from '@app/shared/schemas/profiles';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../lib/t-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { MultiSelect } from '../../ui/multi-select';
import { useToast } from '../../ui/toast';
import { showServerError } from '../auth/server-errors';
import type { PreferenceOptions } from './api/get-preference-options';
import { useSetupProvider } from './api/setup-provider';
import { SelectField } from './form-fields';
import { textFormResolver } from './form-resolver';
import { LocationFields } from './location-fields';
import { genderOptions, namedOptions, text } from './options';

const FIELDS = [
  'countryIdentifier',
  'stateIdentifier',
  'title',
  'gender',
  'officeAddress',
  'zipCode',
  'therapyIdentifiers',
  'modalityIdentifiers',
  'specialityIdentifiers',
] as const;

interface SetupFormValues {
  countryIdentifier: string;
  stateIdentifier: string;
  title: string;
  gender: string;
  officeAddress: string;
  zipCode: string;
  therapyIdentifiers: string[];
  modalityIdentifiers: string[];
  specialityIdentifiers: string[];
}

const ids = (items: { identifier: string }[] | undefined) => (items ?? []).map((item) => item.identifier);

function toValues(profile: ProviderProfile): SetupFormValues {
  const info = profile.profileInfo;
  return {
    countryIdentifier: text(info.countryIdentifier),
    stateIdentifier: text(info.stateIdentifier),
    title: text(info.title),
    gender: text(info.gender),
    officeAddress: text(info.officeAddress),
    zipCode: text(info.zipCode),
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
  const toast = useToast();
  const setup = useSetupProvider();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<SetupFormValues, unknown, ProviderSetup>({
    resolver: textFormResolver(ProviderSetupSchema),
    defaultValues: toValues(profile),
  });
  const error = (field: keyof SetupFormValues) => tMessage(t, errors[field]?.message);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await setup.mutateAsync(values);
      toast.success(t('profiles.dataSaved'));
      onSaved(saved);
    } catch (failure) {
      showServerError(failure, { setError, fields: FIELDS, toast, t });
    }
  });

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
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.practice')}
        </legend>
        <Field
          label={t('profileScreens.fields.title')}
          hint={t('profileScreens.fields.titleHint')}
          required
          error={error('title')}
          {...register('title')}
        />
        <SelectField
          label={t('profileScreens.fields.gender')}
          emptyLabel={t('select.placeholder')}
          required
          options={genderOptions(t)}
          error={error('gender')}
          {...register('gender')}
        />
        <LocationFields
          idPrefix="setup"
          scope="operating"
          country={watch('countryIdentifier')}
          state={watch('stateIdentifier')}
          onCountryChange={(id) => {
            setValue('countryIdentifier', id, { shouldDirty: true, shouldValidate: true });
            setValue('stateIdentifier', '', { shouldDirty: true });
          }}
          onStateChange={(id) => setValue('stateIdentifier', id, { shouldDirty: true, shouldValidate: true })}
          countryError={error('countryIdentifier')}
          stateError={error('stateIdentifier')}
        />
        <Field
          label={t('profileScreens.fields.officeAddress')}
          autoComplete="street-address"
          required
          error={error('officeAddress')}
          {...register('officeAddress')}
        />
        <Field
          label={t('profileScreens.fields.zipCode')}
          autoComplete="postal-code"
          required
          error={error('zipCode')}
          {...register('zipCode')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.services')}
        </legend>
        {multi('therapyIdentifiers', 'therapy')}
        {multi('modalityIdentifiers', 'modality')}
        {multi('specialityIdentifiers', 'specialities')}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={setup.isPending}>
          {t('profileScreens.setup.submit')}
        </Button>
      </div>
    </form>
  );
}
