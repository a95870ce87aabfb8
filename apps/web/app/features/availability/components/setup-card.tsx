import {
  type AvailabilitySettings,
  type SetupType,
  type UpdateAvailabilitySettings,
  UpdateAvailabilitySettingsSchema,
} from '@app/shared/schemas/availability';
import type { TherapyCategory } from '@app/shared/schemas/catalog';
import type { z } from '@app/shared/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#app/api/client';
import { showServerError } from '#app/api/server-errors';
import { tMessage } from '#app/lib/t-message';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { useToast } from '#app/ui/toast';
import { useSaveAvailabilitySettings } from '../api/save-settings';

/** The session length a calendar uses: its category's own, else the general one. */
export function sessionMinutesFor(settings: AvailabilitySettings, category: string | null): number {
  if (!category) return settings.sessionMinutes;
  return (
    settings.categories.find((item) => item.categoryIdentifier === category)?.sessionMinutes ?? settings.sessionMinutes
  );
}

export interface SetupCardProps {
  settings: AvailabilitySettings;
  /** Therapy categories (for BY_CATEGORY). */
  categories: TherapyCategory[];
  /** The category calendar chosen (BY_CATEGORY). */
  category: string | null;
  onCategoryChange(category: string): void;
}

const SETUP_TYPES: SetupType[] = ['GENERAL', 'BY_CATEGORY'];

/** What the form holds: any number for the session length (the schema allows only the options). */
type SettingsFormValues = z.input<typeof UpdateAvailabilitySettingsSchema>;

/** Calendar setup: GENERAL or BY_CATEGORY, the category whose calendar is edited, and the session length. */
export function SetupCard({ settings, categories, category, onCategoryChange }: SetupCardProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveAvailabilitySettings();
  const id = useId();
  const form = useForm<SettingsFormValues, unknown, UpdateAvailabilitySettings>({
    resolver: zodResolver(UpdateAvailabilitySettingsSchema),
    defaultValues: { setupType: settings.setupType, sessionMinutes: sessionMinutesFor(settings, category) },
  });
  const setupType = form.watch('setupType');
  const byCategory = setupType === 'BY_CATEGORY';
  const calendarCategory = byCategory ? category : null;
  const errors = form.formState.errors;

  // The session length shown follows the calendar chosen (and the saved settings).
  useEffect(() => {
    form.setValue('sessionMinutes', sessionMinutesFor(settings, calendarCategory));
  }, [settings, calendarCategory, form.setValue]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (byCategory && !category) {
      form.setError('root', { message: 'availability.categoryRequired' });
      return;
    }
    try {
      await save.mutateAsync({ category: calendarCategory, values });
      toast.success(t('profiles.dataSaved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.category) {
        form.setError('root', { message: failure.fieldErrors.category.join(', ') });
        return;
      }
      showServerError(failure, { setError: form.setError, fields: ['setupType', 'sessionMinutes'], toast, t });
    }
  });

  const categoryName = categories.find((item) => item.identifier === category)?.name;
  const categoryError = tMessage(t, errors.root?.message);

  return (
    <section
      aria-labelledby="setup-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="setup-heading" className="text-lg font-semibold text-slate-900">
        {t('availabilityScreens.setup.heading')}
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-5">
        <fieldset>
          <legend className="text-sm font-medium">{t('availabilityScreens.setup.setupType')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {SETUP_TYPES.map((type) => {
              const key = type === 'GENERAL' ? 'general' : 'byCategory';
              return (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-xl border p-3 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
                    setupType === type ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:border-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    value={type}
                    className="mt-1 h-4 w-4 accent-brand-700"
                    aria-describedby={`${id}-${key}-hint`}
                    {...form.register('setupType')}
                  />
                  <span className="flex flex-col">
                    <span className="text-sm font-semibold text-slate-900">
                      {t(`availabilityScreens.setup.${key}`)}
                    </span>
                    <span id={`${id}-${key}-hint`} className="text-xs text-slate-600">
                      {t(`availabilityScreens.setup.${key}Hint`)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {errors.setupType ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {tMessage(t, errors.setupType.message)}
            </p>
          ) : null}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          {byCategory ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-category`} className="text-sm font-medium">
                {t('availabilityScreens.setup.category')}
              </label>
              <select
                id={`${id}-category`}
                value={category ?? ''}
                onChange={(event) => {
                  form.clearErrors('root');
                  onCategoryChange(event.target.value);
                }}
                aria-invalid={categoryError ? true : undefined}
                aria-describedby={cn(`${id}-category-hint`, categoryError ? `${id}-category-error` : null)}
                className={cn(
                  'min-h-10 rounded-lg border bg-white px-3 py-2 text-sm',
                  categoryError ? 'border-red-600' : 'border-slate-300',
                )}
              >
                <option value="" disabled>
                  {t('availabilityScreens.setup.selectCategory')}
                </option>
                {categories.map((item) => (
                  <option key={item.identifier} value={item.identifier}>
                    {item.name}
                  </option>
                ))}
              </select>
              <p id={`${id}-category-hint`} className="text-xs text-slate-600">
                {t('availabilityScreens.setup.categoryHint')}
              </p>
              {categoryError ? (
                <p id={`${id}-category-error`} role="alert" className="text-sm text-red-700">
                  {categoryError}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-minutes`} className="text-sm font-medium">
              {byCategory && categoryName
                ? t('availabilityScreens.setup.sessionLengthFor', { category: categoryName })
                : t('availabilityScreens.setup.sessionLength')}
            </label>
            <select
              id={`${id}-minutes`}
              aria-invalid={errors.sessionMinutes ? true : undefined}
              aria-describedby={errors.sessionMinutes ? `${id}-minutes-error` : undefined}
              className={cn(
                'min-h-10 rounded-lg border bg-white px-3 py-2 text-sm',
                errors.sessionMinutes ? 'border-red-600' : 'border-slate-300',
              )}
              {...form.register('sessionMinutes', { valueAsNumber: true })}
            >
              {settings.sessionMinutesOptions.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {t('availabilityScreens.setup.minutes', { count: minutes })}
                </option>
              ))}
            </select>
            {errors.sessionMinutes ? (
              <p id={`${id}-minutes-error`} role="alert" className="text-sm text-red-700">
                {tMessage(t, errors.sessionMinutes.message)}
              </p>
            ) : null}
          </div>
        </div>

        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {t('availabilityScreens.setup.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
