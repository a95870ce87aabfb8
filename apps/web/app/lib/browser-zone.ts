import { useEffect, useState } from 'react';

/** The browser's IANA zone (Intl), or null when the runtime reports none. */
export function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The zone to show times in: `preferred` when given, else the browser's. It is null during
 * server rendering and hydration (the server cannot know the browser's zone), then set.
 */
export function useDisplayZone(preferred?: string | null): string | null {
  const [detected, setDetected] = useState<string | null>(null);
  useEffect(() => {
    if (!preferred) setDetected(browserZone() ?? 'UTC');
  }, [preferred]);
  return preferred || detected;
}
