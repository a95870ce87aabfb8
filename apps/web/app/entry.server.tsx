import type { AppLoadContext, EntryContext } from 'react-router';
import '#app/lib/load-context';
import { withoutSameOriginLinkNoncesInHead } from '#app/lib/link-nonce';
import { renderDocument, STREAM_TIMEOUT_MS } from '#app/lib/render-document';

export const streamTimeout = STREAM_TIMEOUT_MS;

/**
 * The document as bytes (lib/render-document.tsx): the Node server caches public pages and
 * compresses what it sends. Every inline script React Router and React write carries the
 * request's CSP nonce (`context.nonce`, from the server; see apps/api/src/web/web-plugin.ts);
 * same-origin links do not need it and lose it (lib/link-nonce.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  const { status, page } = await renderDocument(routerContext, request.url, nonce);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // Bytes, not a string: the server sends or caches bytes (apps/api/src/web/web-plugin.ts), and a
  // string here was encoded and decoded again on its way there.
  const body = (nonce ? withoutSameOriginLinkNoncesInHead(page, nonce) : page) as Uint8Array<ArrayBuffer>;
  return new Response(body, { headers: responseHeaders, status: status ?? responseStatusCode });
}
