import { type Booking, RESCHEDULE_APPROVAL_WINDOW_HOURS } from '@app/shared/schemas/bookings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerError } from '#app/api/server-errors';
import { cn } from '#app/ui/cn';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import { useSetReschedulePermission } from '../api/set-reschedule-permission';

/**
 * The provider's "Let the client reschedule without my approval" (allowRescheduleCompletedBooking,
 * SPEC.md §4): on, the client's reschedules within 48 hours apply at once. A switch
 * (role="switch"), labelled and described; the answer's value is shown once it arrives.
 */
export function ReschedulePermissionSwitch({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const toast = useToast();
  const labelId = useId();
  const hintId = useId();
  const permission = useSetReschedulePermission();
  const checked = permission.isPending
    ? (permission.variables?.allow ?? booking.allowRescheduleCompletedBooking)
    : booking.allowRescheduleCompletedBooking;

  async function toggle() {
    const allow = !booking.allowRescheduleCompletedBooking;
    try {
      await permission.mutateAsync({ bookingId: booking.identifier, allow });
      toast.success(
        t(allow ? 'bookingScreens.reschedulePermission.allowed' : 'bookingScreens.reschedulePermission.required', {
          hours: RESCHEDULE_APPROVAL_WINDOW_HOURS,
        }),
      );
    } catch (error) {
      showServerError(error, { toast, t });
    }
  }

  return (
    <div className="flex items-start justify-between gap-4" data-testid="reschedule-permission">
      <div className="flex flex-col gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-900">
          {t('bookingScreens.reschedulePermission.label')}
        </span>
        <span id={hintId} className="text-sm text-slate-600">
          {t('bookingScreens.reschedulePermission.hint', { hours: RESCHEDULE_APPROVAL_WINDOW_HOURS })}
        </span>
      </div>
      <span className="flex shrink-0 items-center gap-2">
        {permission.isPending ? <Spinner size="sm" /> : null}
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          disabled={permission.isPending}
          onClick={() => void toggle()}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60',
            checked ? 'bg-brand-700' : 'bg-slate-500',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
              checked ? 'translate-x-6' : 'translate-x-0.5',
            )}
          />
        </button>
      </span>
    </div>
  );
}
