import { useEffect, useState } from 'react';

/**
 * The current time, read again every `everyMs` (countdowns, open rooms and deadlines follow the
 * clock). A page rendered on the server passes `renderedAt` to hydrate at the server's instant.
 */
export function useNow(everyMs = 30_000, renderedAt?: number): number {
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
