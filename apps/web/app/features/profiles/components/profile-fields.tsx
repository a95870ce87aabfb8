import type { Country } from '@app/shared/schemas/region';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { SetValueConfig, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '#app/ui/field';
import { SelectField } from '#app/ui/form-fields';
import type { PreferenceOptions } from '../api/get-preference-options';
import { genderOptions, namedOptions } from '../lib/options';
import { LocationFields } from './location-fields';

/** A titled group of fields: two columns from the small breakpoint, or one stacked column. */
export function FormSection({
  title,
  stacked,
  children,
}: {
  title: ReactNode;
  stacked?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className={stacked ? 'flex flex-col gap-4' : 'grid gap-4 sm:grid-cols-2'}>
      <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A profile field as `register(name)` gives it, with its error words and whether the form requires it. */
export type ProfileFieldProps = UseFormRegisterReturn & { error?: string; required?: boolean };

export function FirstNameField(props: ProfileFieldProps) {
  const { t } = useTranslation();
  return <Field label={t('profileScreens.fields.firstName')} autoComplete="given-name" {...props} />;
}

export function LastNameField(props: ProfileFieldProps) {
  const { t } = useTranslation();
  return <Field label={t('profileScreens.fields.lastName')} autoComplete="family-name" {...props} />;
}

export function DateOfBirthField(props: ProfileFieldProps) {
  const { t } = useTranslation();
  return <Field label={t('profileScreens.fields.dob')} type="date" {...props} />;
}

export function TitleField(props: ProfileFieldProps) {
  const { t } = useTranslation();
  return <Field label={t('profileScreens.fields.title')} hint={t('profileScreens.fields.titleHint')} {...props} />;
}

export function OfficeAddressField(props: ProfileFieldProps) {
  const { t } = useTranslation();
  return <Field label={t('profileScreens.fields.officeAddress')} autoComplete="street-address" {...props} />;
}

export function ZipCodeField(props: ProfileFieldProps) {
  const { t } = useTranslation();
  return <Field label={t('profileScreens.fields.zipCode')} autoComplete="postal-code" {...props} />;
}

/** The first option of a list select: "Select…" when the answer is required, else "Not specified". */
function emptyLabel(t: TFunction, required: boolean | undefined): string {
  return required ? t('select.placeholder') : t('profileScreens.notSpecified');
}

export function GenderField(props: ProfileFieldProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('profileScreens.fields.gender')}
      emptyLabel={emptyLabel(t, props.required)}
      options={genderOptions(t)}
      {...props}
    />
  );
}

export function ReligionField({ lists, ...props }: ProfileFieldProps & { lists: PreferenceOptions }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('profileScreens.fields.religion')}
      emptyLabel={emptyLabel(t, props.required)}
      options={namedOptions(lists.religion)}
      {...props}
    />
  );
}

export function EthnicityField({ lists, ...props }: ProfileFieldProps & { lists: PreferenceOptions }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('profileScreens.fields.ethnicity')}
      emptyLabel={emptyLabel(t, props.required)}
      options={namedOptions(lists.background)}
      {...props}
    />
  );
}

type LocationField = 'countryIdentifier' | 'stateIdentifier';

/** The part of a profile form that ProfileLocationFields reads and writes. */
export interface LocationForm {
  watch(name: LocationField): string;
  setValue(name: LocationField, value: string, options?: SetValueConfig): void;
}

export interface ProfileLocationFieldsProps {
  form: LocationForm;
  error(field: LocationField): string | undefined;
  idPrefix: string;
  scope: 'all' | 'operating';
  /** Runs after a new country is set and the state cleared. */
  onCountryChange?(country: Country | undefined): void;
}

/** Country and state bound to a profile form: a new country clears the state, which must be chosen again. */
export function ProfileLocationFields({ form, error, idPrefix, scope, onCountryChange }: ProfileLocationFieldsProps) {
  return (
    <LocationFields
      idPrefix={idPrefix}
      scope={scope}
      country={form.watch('countryIdentifier')}
      state={form.watch('stateIdentifier')}
      onCountryChange={(id, country) => {
        form.setValue('countryIdentifier', id, { shouldDirty: true, shouldValidate: true });
        form.setValue('stateIdentifier', '', { shouldDirty: true });
        onCountryChange?.(country);
      }}
      onStateChange={(id) => form.setValue('stateIdentifier', id, { shouldDirty: true, shouldValidate: true })}
      countryError={error('countryIdentifier')}
      stateError={error('stateIdentifier')}
    />
  );
}
