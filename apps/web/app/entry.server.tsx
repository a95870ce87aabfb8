import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import '#app/lib/load-context';
import { withoutSameOriginLinkNoncesInHead } from '#app/lib/link-nonce';

export const streamTimeout = 5_000;

/**
 * The document, rendered whole (every loader is awaited before rendering, so there is nothing to
 * stream) into one buffer: the Node server caches public pages and compresses what it sends.
 * Every inline script React Router and React write carries the request's CSP nonce
 * (`context.nonce`, from the server; see apps/api/src/web/web-plugin.ts); same-origin links do
 * not need it and lose it (lib/link-nonce.ts).
 */
export default function handleRequest(
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
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        // Bytes, not a string: the server sends or caches bytes (apps/api/src/web/web-plugin.ts),
        // and a string here was encoded and decoded again on its way there.
        const rendered = Buffer.concat(chunks);
        // Buffer.concat's bytes are an ArrayBuffer of their own (never shared), as a body takes them.
        const page = (nonce ? withoutSameOriginLinkNoncesInHead(rendered, nonce) : rendered) as Uint8Array<ArrayBuffer>;
        resolve(
          new Response(page, {
            headers: responseHeaders,
            status,
          }),
        );
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (!(error instanceof Error && error.name === 'AbortError')) console.error(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
