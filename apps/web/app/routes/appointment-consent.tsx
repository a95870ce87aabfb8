import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { BookingConsent } from '#app/features/consent/components/booking-consent';
import type { Route } from './+types/appointment-consent';

/**
 * /appointments/{id}/consent/ (either party of the booking): the provider's telehealth consent;
 * the client reads and signs it, both download the signed copy. Anyone else: not found.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client', 'provider']);
  return null;
}

export default function AppointmentConsentPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('telehealthConsent.pdf.title')} · ${t('nav.brand')}`}</title>
      <BookingConsent bookingId={params.bookingId} />
    </>
  );
}
