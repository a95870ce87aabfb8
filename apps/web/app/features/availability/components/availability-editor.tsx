import type { AvailabilitySettings } from '@app/shared/schemas/availability';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTherapyCategories } from '#app/api/list-therapy-categories';
import { InlineError } from '#app/ui/inline-error';
import { Spinner } from '#app/ui/spinner';
import { useWeeklyPattern } from '../api/get-weekly-pattern';
import { BookingRulesCard } from './booking-rules-card';
import { SetupCard } from './setup-card';
import { SpecificDatesCard } from './specific-dates-card';
import { TimeOffCard } from './time-off-card';
import { WeeklyEditor } from './weekly-editor';

function Loading() {
  return (
    <div className="flex justify-center py-8 text-brand-700">
      <Spinner />
    </div>
  );
}

/** The weekly hours and specific dates of one calendar (the general one, or a category's). */
function CalendarEditors({ category, timezone }: { category: string | null; timezone: string }) {
  const { t } = useTranslation();
  const weekly = useWeeklyPattern(category);
  return (
    <>
      <section
        aria-labelledby="weekly-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="weekly-heading" className="text-lg font-semibold text-slate-900">
          {t('availabilityScreens.weekly.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('availabilityScreens.weekly.intro')}</p>
        <div className="mt-2">
          {weekly.isPending ? (
            <Loading />
          ) : weekly.isError ? (
            <InlineError error={weekly.error} onRetry={() => weekly.refetch()} retrying={weekly.isRefetching} />
          ) : (
            <WeeklyEditor days={weekly.data} category={category} />
          )}
        </div>
      </section>
      <SpecificDatesCard category={category} timezone={timezone} weekly={weekly.data ?? []} />
    </>
  );
}

/**
 * /provider-availability/: setup (GENERAL or BY_CATEGORY, session length), weekly hours, specific
 * dates, then the booking rules and time off every calendar follows.
 */
export function AvailabilityEditor({ settings }: { settings: AvailabilitySettings }) {
  const { t } = useTranslation();
  const byCategory = settings.setupType === 'BY_CATEGORY';
  const categories = useTherapyCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  const fallback = settings.categories[0]?.categoryIdentifier ?? categories.data?.[0]?.identifier ?? null;
  const category = chosen ?? fallback;
  const calendarCategory = byCategory ? category : null;

  return (
    <div className="flex flex-col gap-6">
      <SetupCard
        settings={settings}
        categories={categories.data ?? []}
        category={category}
        onCategoryChange={setChosen}
      />
      {byCategory && !calendarCategory ? (
        categories.isPending ? (
          <Loading />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-5 text-sm text-slate-600">
            {t('availabilityScreens.setup.chooseCategory')}
          </p>
        )
      ) : (
        <CalendarEditors key={calendarCategory ?? 'general'} category={calendarCategory} timezone={settings.timezone} />
      )}
      <BookingRulesCard settings={settings} />
      <TimeOffCard />
    </div>
  );
}
