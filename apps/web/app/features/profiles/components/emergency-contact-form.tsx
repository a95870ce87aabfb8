import { type EmergencyContact, EmergencyContactSchema } from '@app/shared/schemas/profiles';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { Field } from '#app/ui/field';
import { Card } from '#app/ui/form-fields';
import { useToast } from '#app/ui/toast';
import { useSetEmergencyContact } from '../api/set-emergency-contact';

const FIELDS = ['name', 'phoneNumber'] as const;

/** SPEC.md §5 "Emergency contact": name (letters, hyphens, spaces, 3-32) and number (digits, 3-32). */
export function EmergencyContactForm({ contact }: { contact: EmergencyContact | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetEmergencyContact();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(EmergencyContactSchema),
    defaultValues: { name: contact?.name ?? '', phoneNumber: contact?.phoneNumber ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(saved);
      toast.success(t('profiles.dataSaved'));
    } catch (failure) {
      showServerError(failure, { setError, fields: FIELDS, toast, t });
    }
  });

  return (
    <Card
      headingId="emergency-contact-heading"
      title={t('profileScreens.emergency.heading')}
      description={t('profileScreens.emergency.intro')}
    >
      <form noValidate onSubmit={onSubmit} aria-labelledby="emergency-contact-heading" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('profileScreens.emergency.name')}
            autoComplete="off"
            error={tMessage(t, errors.name?.message)}
            {...register('name')}
          />
          <Field
            label={t('profileScreens.emergency.phoneNumber')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            error={tMessage(t, errors.phoneNumber?.message)}
            {...register('phoneNumber')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {t('profileScreens.emergency.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
