/**
 * The one check of a time-zone name, for the API and the web: an IANA name the runtime knows
 * ("Europe/Berlin", "UTC", "Etc/GMT+1"; case-insensitive, as Intl is). Offsets ("+01:00") and
 * anything not starting with a letter or longer than 64 characters are refused. Known names are
 * remembered (it runs on every slot request), up to 10,000 of them.
 */
const knownZones = new Set<string>();

export function isValidTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64 || !/^[A-Za-z]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone }).format();
  } catch {
    return false;
  }
  if (knownZones.size < 10_000) knownZones.add(zone);
  return true;
}
