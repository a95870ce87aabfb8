import type { Attendance } from '@app/shared/schemas/session-room';
import { timeOf } from '#app/lib/format';
import { useWords } from '#app/lib/words';

/**
 * One stay of a party in a session room, in the reader's zone: when they came and left, whether
 * the connection was lost, or that they are still in. The outcome panel and the back office's
 * no-session decision list the same stays.
 */
export function RoomStay({ stay, zone }: { stay: Pick<Attendance, 'joinedAt' | 'leftAt' | 'lost'>; zone: string }) {
  const { t, i18n } = useWords();
  const from = timeOf(stay.joinedAt, zone, i18n.language);
  if (!stay.leftAt) return <>{t('sessionRoom.outcome.stayOpen', { from })}</>;
  const to = timeOf(stay.leftAt, zone, i18n.language);
  return <>{t(stay.lost ? 'sessionRoom.outcome.stayLost' : 'sessionRoom.outcome.stay', { from, to })}</>;
}
