import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** How long the cache must have nothing in flight before the page's data counts as arrived. */
const QUIET_MS = 50;
/** What is late never waits longer than this (a page that errs, a slow request). */
export const LONGEST_WAIT_MS = 4_000;

/**
 * False until the page has rendered (`pageShown`) and the query cache has had no request in
 * flight for a moment, i.e. the page's data is there; then true for good. The signed-in frame
 * loads its late parts (bell, live updates, support chat, e-mail banner) only then, so their
 * code and requests do not stand before the page's own under a slow link
 * (docs/decisions/web-signed-in-time-to-content.md).
 */
export function useAfterPageData(pageShown: boolean): boolean {
  const client = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(quiet);
      if (pageShown && !client.isFetching())
        quiet = setTimeout(() => client.isFetching() || setSettled(true), QUIET_MS);
    };
    const longest = setTimeout(() => setSettled(true), LONGEST_WAIT_MS);
    const unsubscribe = client.getQueryCache().subscribe(check);
    check();
    return () => {
      unsubscribe();
      clearTimeout(quiet);
      clearTimeout(longest);
    };
  }, [client, pageShown, settled]);
  return settled;
}
