import {
  type ProviderBillingDetails,
  type ProviderBillingDetailsUpdate,
  ProviderBillingDetailsUpdateSchema,
} from '@app/shared/schemas/documents';
import type { State } from '@app/shared/schemas/region';
import { useTranslation } from 'react-i18next';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { Card, SelectField } from '#app/ui/form-fields';
import { LoadGate } from '#app/ui/load-gate';
import { useBillingDetails, useSaveBillingDetails, useUsStates } from '../api/billing-details';
import { textValues, useProfileForm } from '../hooks/use-profile-form';

const FIELDS = ['practiceName', 'npi', 'licenseNumber', 'licenseStateIdentifier'] as const;
type BillingFormValues = Record<(typeof FIELDS)[number], string>;

const toValues = (details: ProviderBillingDetails): BillingFormValues => textValues(details, FIELDS);

/** The provider's practice name, NPI and licence (optional), printed on invoices and US superbills. */
export function BillingDetailsForm() {
  const { t } = useTranslation();
  const details = useBillingDetails();
  const usStates = useUsStates();
  return (
    <Card
      headingId="billing-details-heading"
      title={t('documents.billing.heading')}
      description={t('documents.billing.intro')}
    >
      <LoadGate query={details}>
        {(data) => (
          <LoadGate query={usStates}>{(states) => <BillingDetailsFields details={data} states={states} />}</LoadGate>
        )}
      </LoadGate>
    </Card>
  );
}

function BillingDetailsFields({ details, states }: { details: ProviderBillingDetails; states: State[] }) {
  const { t } = useTranslation();
  const save = useSaveBillingDetails();
  const { register, error, onSubmit } = useProfileForm<
    BillingFormValues,
    ProviderBillingDetailsUpdate,
    ProviderBillingDetails
  >({
    schema: ProviderBillingDetailsUpdateSchema,
    defaultValues: toValues(details),
    fields: FIELDS,
    save: save.mutateAsync,
    onSaved: (saved, { reset }) => reset(toValues(saved)),
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="billing-details-heading" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('documents.billing.practiceName')}
          hint={t('documents.billing.practiceNameHint')}
          autoComplete="organization"
          className="sm:col-span-2"
          error={error('practiceName')}
          {...register('practiceName')}
        />
        <Field
          label={t('documents.billing.npi')}
          hint={t('documents.billing.npiHint')}
          inputMode="numeric"
          maxLength={10}
          error={error('npi')}
          {...register('npi')}
        />
        <Field
          label={t('documents.billing.licenseNumber')}
          error={error('licenseNumber')}
          {...register('licenseNumber')}
        />
        <SelectField
          label={t('documents.billing.licenseState')}
          emptyLabel={t('profileScreens.notSpecified')}
          options={states.map((state) => ({ value: state.identifier, label: state.name }))}
          error={error('licenseStateIdentifier')}
          {...register('licenseStateIdentifier')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          {t('documents.billing.save')}
        </Button>
      </div>
    </form>
  );
}
