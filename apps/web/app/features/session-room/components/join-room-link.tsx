import { hasRoom, roomState } from '@app/shared/session-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#app/ui/link';

export interface JoinRoomLinkProps {
  booking: { status: string; startAt: string | null; endAt: string | null; modality: { key: string } | null };
  /** /session/{id}/ in the reader's language. */
  path: string;
}

/**
 * "Join the session" on a booking while its room is open (10 minutes before the start until 15
 * minutes after the end; the API decides, this only offers). It appears by itself when the time
 * comes: the clock is read again every 15 seconds.
 */
export function JoinRoomLink({ booking, path }: JoinRoomLinkProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (booking.status !== 'confirmed' || !booking.startAt || !booking.endAt) return null;
  if (!hasRoom(booking.modality?.key ?? null)) return null;
  const state = roomState({ startsAt: new Date(booking.startAt), endsAt: new Date(booking.endAt), now: new Date(now) });
  if (state !== 'open') return null;
  return (
    <Link
      to={path}
      data-testid="join-session"
      className="inline-flex min-h-10 w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:w-auto"
    >
      <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-emerald-300" />
      {t('sessionRoom.join')}
    </Link>
  );
}
