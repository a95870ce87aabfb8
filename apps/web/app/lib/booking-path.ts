/**
 * The `at=` of a booking link, when it is an instant still ahead of `now`; anything else (a
 * malformed value, a time already past) is no chosen time, and step 1 is the usual one.
 */
export function chosenTimeOf(value: string | null, now: number): string | null {
  if (!value) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms <= now) return null;
  return new Date(ms).toISOString();
}
