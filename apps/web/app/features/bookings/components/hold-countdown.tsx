import { useTranslation } from 'react-i18next';
import { timeOf } from '#app/lib/format';

/** "14:05" (minutes and seconds) left until `until`, never below zero. */
export function timeLeft(until: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The hold on a scheduled booking, counting down live on the payment step ("held for you for
 * another 14:05 min, until 6:15 PM"). The parent passes a `now` that ticks every second and
 * shows what to do once it reaches zero.
 */
export function HoldCountdown({ holdExpiresAt, zone, now }: { holdExpiresAt: string; zone: string; now: number }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800" data-testid="hold-countdown">
      {t('bookingScreens.payment.holdLeft', {
        left: timeLeft(Date.parse(holdExpiresAt), now),
        time: timeOf(holdExpiresAt, zone, i18n.language),
      })}
    </p>
  );
}
