import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';

/**
 * The document for one request as UTF-8 bytes, rendered whole: every loader has been awaited
 * before rendering, so there is nothing to stream.
 *
 * React's stream renderer encodes each of the thousands of small pieces of a page (a tag, an
 * attribute, a text) into its byte buffer one call at a time, which costs more than the render
 * itself; `renderToString` joins them as text and the whole is encoded once. It cannot wait for
 * anything, and the one thing of a page that waits is React Router's hand-off of the loader data
 * to the browser (`StreamTransfer`, which reads the encoded data chunk by chunk, suspending on
 * each). So the data is read to its end first and given to React Router as the chunk it has
 * already read (its `renderMeta.streamCache`): it writes the same scripts in the same place,
 * without waiting. A page that still waits for something, or fails inside a suspense boundary,
 * leaves a client-rendered boundary in the text: it is rendered again by the stream renderer,
 * which waits for it and reports the failure as before.
 */
export async function renderDocument(context: EntryContext, url: string, nonce: string | undefined) {
  const { serverHandoffStream, renderMeta } = context;
  if (!serverHandoffStream || !renderMeta)
    return renderStreamed(<ServerRouter context={context} url={url} nonce={nonce} />, nonce);
  const handoff = await readText(serverHandoffStream);
  renderMeta.streamCache = {
    0: alreadyRead({ done: false, value: handoff }),
    1: alreadyRead({ done: true, value: '' }),
  };
  // React Router takes a reader of the stream on each render and, its chunks already read, never reads it.
  const document = () => (
    <ServerRouter context={{ ...context, serverHandoffStream: emptyStream() }} url={url} nonce={nonce} />
  );
  const whole = renderToString(document());
  // The first render of a lazy component in this process, say: the stream renderer waits for it.
  if (whole.includes(CLIENT_RENDERED_BOUNDARY)) return renderStreamed(document(), nonce);
  return { status: undefined, page: documentBytes(whole) };
}

const DOCTYPE = '<!DOCTYPE html>';

/**
 * The text as UTF-8 with the doctype the stream renderer writes before `<html>`, encoded straight
 * into one buffer: joining the two as text first copied the whole page once more.
 */
function documentBytes(whole: string): Buffer {
  const prefix = whole.startsWith('<html') ? DOCTYPE : '';
  const bytes = Buffer.allocUnsafe(prefix.length + Buffer.byteLength(whole));
  bytes.write(prefix, 0, 'latin1');
  bytes.write(whole, prefix.length, 'utf8');
  return bytes;
}

/** React's mark of a boundary it gave up on the server and leaves to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

type StreamCacheEntry = NonNullable<NonNullable<EntryContext['renderMeta']>['streamCache']>[number];

/** A chunk of the hand-off as React Router keeps one it has read: a settled promise with its result. */
function alreadyRead(result: { done: boolean; value: string }): StreamCacheEntry {
  return Object.assign(Promise.resolve(), { result });
}

const emptyStream = () => new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });

/** The stream's text to its end, its reader let go again: React Router takes one of its own. */
async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
  }
  reader.releaseLock();
  return text + decoder.decode();
}

/** The stream renderer's document, once everything it waits for is ready; a failure inside a boundary makes it a 500. */
function renderStreamed(document: ReactNode, nonce: string | undefined) {
  return new Promise<{ status: number | undefined; page: Buffer }>((resolve, reject) => {
    let status: number | undefined;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        resolve({ status, page: Buffer.concat(chunks) });
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(document, {
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
    });
    const timeout = setTimeout(() => abort(), STREAM_TIMEOUT_MS + 1000);
  });
}

/** How long React Router lets a deferred loader value stream before it aborts (the entry's `streamTimeout`). */
export const STREAM_TIMEOUT_MS = 5_000;
