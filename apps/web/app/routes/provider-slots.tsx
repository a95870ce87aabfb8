import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BookingCalendar, type TimeSlot } from '#app/features/bookings/components/booking-calendar';
import { dateInZone, formatLongDate } from '#app/lib/dates';
import { formatClock } from '#app/lib/time';
import { useViewerZone } from '#app/lib/viewer-zone';
import type { Route } from './+types/provider-slots';

/**
 * /providers/{providerId}/availability/ (public): a provider's free slots in the viewer's zone,
 * with the booking calendar and time-slot picker. The booking flow embeds the same component.
 */
export default function ProviderSlots({ params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const zone = useViewerZone();
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const category = searchParams.get('category');

  return (
    <main id="main" className="bg-gradient-to-b from-brand-50 to-white px-4 py-8 sm:py-12">
      <title>{`${t('availabilityScreens.providerPage.title')} · ${t('nav.brand')}`}</title>
      <div className="mx-auto max-w-4xl">
        <h1 className="text-2xl font-semibold">{t('availabilityScreens.providerPage.title')}</h1>
        <p className="mt-1 mb-6 text-slate-600">{t('availabilityScreens.providerPage.intro')}</p>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <BookingCalendar
            providerId={params.providerId}
            categoryId={category}
            timezone={zone}
            value={slot}
            onChange={setSlot}
          />
          <p
            aria-live="polite"
            className="mt-6 border-t border-slate-100 pt-4 text-sm font-medium text-slate-800"
            data-testid="chosen-slot"
          >
            {slot && zone
              ? t('availabilityScreens.providerPage.selected', {
                  date: formatLongDate(dateInZone(slot.startAt, zone), i18n.language),
                  time: formatClock(slot.startTime, i18n.language),
                })
              : t('availabilityScreens.providerPage.nothingSelected')}
          </p>
        </div>
      </div>
    </main>
  );
}
