import type { TherapyCategory } from '@app/shared/schemas/catalog';
import { type ProviderInfoUpdate, ProviderInfoUpdateSchema, type ProviderProfile } from '@app/shared/schemas/profiles';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../lib/t-message';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { showServerError } from '../auth/server-errors';
import { type PreferenceOptions, usePreferenceOptions } from './api/get-preference-options';
import { useTherapyCategories } from './api/list-therapy-categories';
import { useUpdateProviderInfo } from './api/update-provider-info';
import { Card, SelectField, TextAreaField } from './form-fields';
import { textFormResolver } from './form-resolver';
import { LoadGate } from './load-gate';
import { LocationFields } from './location-fields';
import { genderOptions, namedOptions, text } from './options';

const FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'headline',
  'title',
  'officeAddress',
  'bio',
  'zipCode',
  'countryIdentifier',
  'stateIdentifier',
  'dob',
  'religionIdentifier',
  'ethnicityIdentifier',
  'gender',
  'disciplineIdentifier',
] as const;

type ProviderFormValues = Record<(typeof FIELDS)[number], string>;

function toValues(info: ProviderProfile['profileInfo']): ProviderFormValues {
  return {
    firstName: text(info.firstName),
    lastName: text(info.lastName),
    phoneNumber: text(info.phoneNumber),
    headline: text(info.headline),
    title: text(info.title),
    officeAddress: text(info.officeAddress),
    bio: text(info.bio),
    zipCode: text(info.zipCode),
    countryIdentifier: text(info.countryIdentifier),
    stateIdentifier: text(info.stateIdentifier),
    dob: text(info.dob),
    religionIdentifier: text(info.religionIdentifier),
    ethnicityIdentifier: text(info.ethnicityIdentifier),
    gender: text(info.gender),
    disciplineIdentifier: text(info.disciplineIdentifier),
  };
}

/** SPEC.md §5 "Provider profile": the editable fields of SPEC.md §3. */
export function ProviderProfileForm({ profile }: { profile: ProviderProfile }) {
  const { t } = useTranslation();
  const lists = usePreferenceOptions();
  const categories = useTherapyCategories();
  return (
    <Card
      headingId="provider-profile-heading"
      title={t('profileScreens.provider.heading')}
      description={t('profileScreens.provider.intro')}
    >
      <LoadGate query={lists}>
        {(listData) => (
          <LoadGate query={categories}>
            {(categoryData) => (
              <ProviderProfileFields info={profile.profileInfo} lists={listData} categories={categoryData} />
            )}
          </LoadGate>
        )}
      </LoadGate>
    </Card>
  );
}

function ProviderProfileFields({
  info,
  lists,
  categories,
}: {
  info: ProviderProfile['profileInfo'];
  lists: PreferenceOptions;
  categories: TherapyCategory[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateProviderInfo();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<ProviderFormValues, unknown, ProviderInfoUpdate>({
    resolver: textFormResolver(ProviderInfoUpdateSchema),
    defaultValues: toValues(info),
  });
  const error = (field: keyof ProviderFormValues) => tMessage(t, errors[field]?.message);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(toValues(saved.profileInfo));
      toast.success(t('profiles.dataSaved'));
    } catch (failure) {
      showServerError(failure, { setError, fields: FIELDS, toast, t });
    }
  });

  const choose = t('select.placeholder');
  const notSpecified = t('profileScreens.notSpecified');

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="provider-profile-heading" className="flex flex-col gap-6">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.personal')}
        </legend>
        <Field
          label={t('profileScreens.fields.firstName')}
          autoComplete="given-name"
          required
          error={error('firstName')}
          {...register('firstName')}
        />
        <Field
          label={t('profileScreens.fields.lastName')}
          autoComplete="family-name"
          required
          error={error('lastName')}
          {...register('lastName')}
        />
        <Field
          label={t('profileScreens.fields.phoneNumber')}
          type="tel"
          autoComplete="tel"
          required
          hint={t('profileScreens.fields.phoneHint')}
          error={error('phoneNumber')}
          {...register('phoneNumber')}
        />
        <Field label={t('profileScreens.fields.dob')} type="date" error={error('dob')} {...register('dob')} />
        <SelectField
          label={t('profileScreens.fields.gender')}
          emptyLabel={choose}
          required
          options={genderOptions(t)}
          error={error('gender')}
          {...register('gender')}
        />
        <SelectField
          label={t('profileScreens.fields.ethnicity')}
          emptyLabel={choose}
          required
          options={namedOptions(lists.background)}
          error={error('ethnicityIdentifier')}
          {...register('ethnicityIdentifier')}
        />
        <SelectField
          label={t('profileScreens.fields.religion')}
          emptyLabel={notSpecified}
          options={namedOptions(lists.religion)}
          error={error('religionIdentifier')}
          {...register('religionIdentifier')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.practice')}
        </legend>
        <Field
          label={t('profileScreens.fields.title')}
          hint={t('profileScreens.fields.titleHint')}
          error={error('title')}
          {...register('title')}
        />
        <Field
          label={t('profileScreens.fields.headline')}
          hint={t('profileScreens.fields.headlineHint')}
          error={error('headline')}
          {...register('headline')}
        />
        <SelectField
          label={t('profileScreens.fields.discipline')}
          emptyLabel={notSpecified}
          options={namedOptions(categories)}
          error={error('disciplineIdentifier')}
          {...register('disciplineIdentifier')}
        />
        <TextAreaField
          label={t('profileScreens.fields.bio')}
          hint={t('profileScreens.fields.bioHint')}
          maxLength={2000}
          className="sm:col-span-2"
          error={error('bio')}
          {...register('bio')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {t('profileScreens.sections.office')}
        </legend>
        <LocationFields
          idPrefix="provider"
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
        {watch('countryIdentifier') && watch('countryIdentifier') !== info.countryIdentifier ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 sm:col-span-2">
            {t('profileScreens.provider.countryChange')}
          </p>
        ) : null}
        <Field
          label={t('profileScreens.fields.officeAddress')}
          autoComplete="street-address"
          error={error('officeAddress')}
          {...register('officeAddress')}
        />
        <Field
          label={t('profileScreens.fields.zipCode')}
          autoComplete="postal-code"
          error={error('zipCode')}
          {...register('zipCode')}
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          {t('profileScreens.saveChanges')}
        </Button>
      </div>
    </form>
  );
}
