// @vitest-environment node
import { Writable } from 'node:stream';
import { lazy, Suspense, useId } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  createRequestHandler,
  type EntryContext,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
  type UNSAFE_AssetsManifest,
  useLoaderData,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import handleRequest, { streamTimeout } from '#app/entry.server';
import { withoutSameOriginLinkNoncesInHead } from '#app/lib/link-nonce';

const NONCE = 'n0nce';
// The pages here read no services: the nonce is all the entry takes from the context.
const loadContext = { nonce: NONCE } as AppLoadContext;

const PEOPLE = [
  { id: 'p-1', name: "Zoë O'Brien-Adeyemi" },
  { id: 'p-2', name: "D'Arcy Nakamura-Kowalski" },
  { id: 'p-3', name: "Siobhán Ní Bhriain-O'Hara" },
];
/** Text a careless hand-off would let close its script early, or break the line of a script. */
const NOTE = `</script><script>alert("x")</script> & <b>Mary-Kate's</b>\u2028next line`;

function Root() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function Person({ name }: { name: string }) {
  const id = useId();
  return (
    <li aria-labelledby={id}>
      <span id={id}>{name}</span>
    </li>
  );
}

/** How often a page rendered: more than once for a request means a render was thrown away. */
let pageRenders = 0;

function People() {
  pageRenders += 1;
  const { people, note } = useLoaderData<typeof peopleLoader>();
  return (
    <main>
      <p>{note}</p>
      <ul>
        {people.map((person) => (
          <Person key={person.id} name={person.name} />
        ))}
      </ul>
    </main>
  );
}
const peopleLoader = () => ({ people: PEOPLE, note: NOTE });

// Not loaded before the first request: React can only wait for it when it streams.
const Reviews = lazy(() => Promise.resolve({ default: () => <p>Reviews of Zoë O'Brien-Adeyemi</p> }));
function LazyPage() {
  pageRenders += 1;
  return (
    <Suspense fallback={<p>Loading reviews…</p>}>
      <Reviews />
    </Suspense>
  );
}

function Unreadable(): never {
  throw new Error("The reviews of D'Arcy Nakamura-Kowalski could not be read");
}
function BrokenPage() {
  return (
    <Suspense fallback={<p>Loading reviews…</p>}>
      <Unreadable />
    </Suspense>
  );
}

const ROUTES = {
  root: { id: 'root', path: '', module: { default: Root, loader: () => ({ site: 'Care-Finder' }) } },
  'routes/people': {
    id: 'routes/people',
    parentId: 'root',
    path: 'people',
    module: { default: People, loader: peopleLoader },
  },
  'routes/lazy': { id: 'routes/lazy', parentId: 'root', path: 'lazy', module: { default: LazyPage } },
  'routes/broken': { id: 'routes/broken', parentId: 'root', path: 'broken', module: { default: BrokenPage } },
} satisfies ServerBuild['routes'];

const ASSETS: UNSAFE_AssetsManifest = {
  entry: { module: '/assets/entry.client.js', imports: ['/assets/framework.js'] },
  routes: Object.fromEntries(
    Object.values(ROUTES).map((route) => [
      route.id,
      {
        id: route.id,
        parentId: 'parentId' in route ? route.parentId : undefined,
        path: route.path,
        hasAction: false,
        hasLoader: 'loader' in route.module,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
        module: `/assets/${route.id.replace('/', '-')}.js`,
        imports: ['/assets/shared.js'],
        clientActionModule: undefined,
        clientLoaderModule: undefined,
        clientMiddlewareModule: undefined,
        hydrateFallbackModule: undefined,
      },
    ]),
  ),
  url: '/assets/manifest-1234.js',
  version: '1234',
};

function handlerWith(entry: ServerBuild['entry']['module']['default']) {
  return createRequestHandler({
    entry: { module: { default: entry, streamTimeout } },
    routes: ROUTES,
    assets: ASSETS,
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  });
}

/** The entry as it was before `renderDocument`: the stream renderer, always. */
function streamedEntry(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  context: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const page = withoutSameOriginLinkNoncesInHead(Buffer.concat(chunks), context.nonce);
        resolve(new Response(page as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={context.nonce} />,
      {
        nonce: context.nonce,
        onAllReady: () => pipe(sink),
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}

const handler = handlerWith(handleRequest);
const streamedHandler = handlerWith(streamedEntry);

async function get(requestHandler: typeof handler, path: string) {
  const response = await requestHandler(new Request(`http://localhost${path}`), loadContext);
  return { status: response.status, type: response.headers.get('Content-Type'), body: await response.text() };
}

/** The inline scripts that start with `code`. */
function scriptsStarting(body: string, code: string) {
  return [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, , text]) => text!.startsWith(code));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('renderDocument through React Router', () => {
  it('hands the loader data over in one escaped script, with the bytes the stream renderer wrote', async () => {
    pageRenders = 0;
    const page = await get(handler, '/people');
    expect(pageRenders).toBe(1);
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(page.body.startsWith('<!DOCTYPE html><html')).toBe(true);
    for (const person of PEOPLE) expect(page.body).toContain(person.name.replaceAll("'", '&#x27;'));

    const enqueued = scriptsStarting(page.body, 'window.__reactRouterContext.streamController.enqueue(');
    const closed = scriptsStarting(page.body, 'window.__reactRouterContext.streamController.close()');
    expect(enqueued).toHaveLength(1);
    expect(closed).toHaveLength(1);
    expect(enqueued[0]![1]).toContain(`nonce="${NONCE}"`);
    expect(closed[0]![1]).toContain(`nonce="${NONCE}"`);
    // A raw `</script` in the data would have cut the script short, and these would not be found in it.
    const handoff = enqueued[0]![2]!;
    expect(handoff).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert');
    expect(handoff).toContain('\\u0026 \\u003cb\\u003eMary-Kate');
    expect(handoff).toContain('\\u2028next line');
    expect(handoff).not.toMatch(/[<>&\u2028]/);
    expect(handoff).toContain("Zoë O'Brien-Adeyemi");

    const streamed = await get(streamedHandler, '/people');
    expect(streamed.status).toBe(200);
    // useId's ids are part of the bytes compared: the string render must walk the tree as the stream renderer does.
    expect(page.body).toMatch(/<span id="_R_[^"]+_">Zo/);
    expect(page.body).toBe(streamed.body);
  });

  it('waits for a component not yet loaded as the stream renderer did, and no longer once it is', async () => {
    const first = await get(handler, '/lazy');
    expect(first.status).toBe(200);
    expect(first.body).toContain('<p>Reviews of Zoë O&#x27;Brien-Adeyemi</p>');
    expect(first.body).not.toContain('Loading reviews');
    expect(first.body).not.toContain('<!--$!-->');

    const streamed = await get(streamedHandler, '/lazy');
    expect(first.body).toBe(streamed.body);

    pageRenders = 0;
    const second = await get(handler, '/lazy');
    expect(pageRenders).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
  });

  it('answers 500 for a failure inside a suspense boundary, as the stream renderer did', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = await get(handler, '/broken');
    const loggedByRenderDocument = logged.mock.calls.length;
    const streamed = await get(streamedHandler, '/broken');

    expect(streamed.status).toBe(500);
    expect(broken.status).toBe(streamed.status);
    expect(broken.body).toBe(streamed.body);
    expect(broken.body).toContain('<!--$!-->');
    expect(broken.body).toContain('Loading reviews');
    // Once, as before: the string render that gave up on the boundary says nothing of it.
    expect(loggedByRenderDocument).toBe(1);
    expect(logged.mock.calls[0]![0]).toMatchObject({ message: expect.stringContaining("D'Arcy Nakamura-Kowalski") });
  });

  it('keeps the status React Router answers with', async () => {
    // React Router reports the unmatched address; that it does is not this test's concern.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const missing = await get(handler, '/no-such-page');
    const streamed = await get(streamedHandler, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(streamed.body);
  });

  it('answers a HEAD request without rendering the page', async () => {
    pageRenders = 0;
    const response = await handler(new Request('http://localhost/people', { method: 'HEAD' }), loadContext);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    // React Router drops a HEAD answer's body itself: only the count tells the page was not rendered for nothing.
    expect(pageRenders).toBe(0);
  });
});
