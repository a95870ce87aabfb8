import { intlLocale, type Language } from '@app/shared/constants';
import { isValidTimeZone } from '@app/shared/time-zones';

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Tuesday, 2 March 2027, 10:00 WAT" in the reader's language and zone (emails, refusals). */
export function formatWhen(at: Date | string | null, language: Language, timezone: string): string | null {
  if (!at) return null;
  const zone = isValidTimeZone(timezone) ? timezone : 'UTC';
  const key = `${language}|${zone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    });
    if (formats.size > 1000) formats.clear();
    formats.set(key, format);
  }
  return format.format(new Date(at));
}
