/**
 * The page the server rendered this document for. A clientLoader that runs at hydration can take
 * its server loader's answer (already in the document) instead of fetching it again; it may do so
 * once, and only for this URL (a later visit to the same page loads in the browser).
 */
let documentPath: string | null =
  typeof window === 'undefined' ? null : window.location.pathname + window.location.search;

/** True once: when `request` is the document's own request, i.e. the clientLoader is hydrating. */
export function takeHydration(request: Request): boolean {
  const url = new URL(request.url);
  const hydrating = documentPath !== null && url.pathname + url.search === documentPath;
  documentPath = null;
  return hydrating;
}
