/** Query keys of the availability screens (one place, so mutations invalidate the right data). */
export const availabilityKeys = {
  all: ['availability'] as const,
  settings: ['availability', 'settings'] as const,
  weekly: (category: string | null) => ['availability', 'weekly', category] as const,
  custom: (category: string | null) => ['availability', 'custom', category] as const,
  timeOff: ['availability', 'time-off'] as const,
  providerMonths: ['availability', 'provider-month'] as const,
  providerMonth: (month: string, category: string | null) =>
    ['availability', 'provider-month', month, category] as const,
  publicMonth: (providerId: string, month: string, category: string | null, timezone: string) =>
    ['availability', 'public-month', providerId, month, category, timezone] as const,
  publicDate: (providerId: string, date: string, category: string | null, timezone: string) =>
    ['availability', 'public-date', providerId, date, category, timezone] as const,
};

/** `?category=…` for a calendar (nothing for the general one). */
export function categoryQuery(category: string | null, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (category) params.set('category', category);
  const text = params.toString();
  return text ? `?${text}` : '';
}
