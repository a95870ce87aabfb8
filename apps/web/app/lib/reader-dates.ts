import { formatDate, formatDateTime } from './money';
import { useLang } from './use-lang';
import { useViewerZone } from './viewer-zone';

/**
 * Dates and times as the reader reads them: their language and their zone (the signed-in user's
 * saved zone, else the browser's). Empty until the zone is known: the server cannot know a
 * browser's zone, and a time rendered in the server's would be wrong and differ on hydration.
 */
export function useReaderDates() {
  const language = useLang();
  const zone = useViewerZone();
  return {
    known: zone !== null,
    dateTime: (iso: string) => (zone ? formatDateTime(iso, language, zone) : ''),
    date: (iso: string) => (zone ? formatDate(iso, language, zone) : ''),
    /** A calendar date with no time (YYYY-MM-DD, such as an expiry): the same day in every zone. */
    day: (ymd: string) => formatDate(`${ymd}T12:00:00Z`, language, 'UTC'),
  };
}
