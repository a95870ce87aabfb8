import { intlLocale } from '@app/shared/constants';
import { dateTimeFormat } from '#app/lib/dates';

/** "14:05" / "2:05 PM" in the reader's language and the browser's zone (a moment just now). */
export function clockTime(instant: string, language: string): string {
  return dateTimeFormat(intlLocale(language), { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** A day as the reader writes it, in their zone: "29 Nov 2026" / "29.11.2026". */
export function dayOf(instant: string, language: string, zone: string): string {
  return dateTimeFormat(intlLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zone,
  }).format(new Date(instant));
}

/** The colour of a severity band behind the chart, lightest for the lowest; 3:1 is not needed for a fill behind a line. */
export const BAND_FILLS: Record<string, string> = {
  minimal: '#ecfdf5',
  belowCutoff: '#ecfdf5',
  mild: '#fefce8',
  moderate: '#fff7ed',
  moderatelySevere: '#fef2f2',
  atOrAboveCutoff: '#fff7ed',
  severe: '#fee2e2',
};
