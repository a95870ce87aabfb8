import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { COOKIES } from '@app/shared/constants';
import { readCookie } from '@app/shared/cookies';
import { PROVIDER_SEGMENT_PATTERN } from '@app/shared/provider-path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { googleSignInEnabled } from '../modules/auth/google-oidc.ts';
import { directoryWebServices } from '../modules/directory/web-services.ts';
import { legalPages } from '../modules/legal/legal-pages.ts';
import { signedInWebServices } from '../modules/overview/web-services.ts';
import { cspNonce } from '../platform/csp.ts';
import type { AppDeps } from '../platform/deps.ts';
import { acceptsGzip } from '../platform/gzipped.ts';
import { TtlCache } from '../platform/ttl-cache.ts';
import { publicBuild } from './public-routes.ts';
import { loadPublicShell } from './public-shell.ts';
import { RenderedPage } from './rendered-page.ts';

export const WEB_ROOT = path.resolve(import.meta.dirname, '../../../web');
export const WEB_BUILD = path.join(WEB_ROOT, 'build');

/** How long a rendered public page and the shell's lookups are reused (per process). */
export const PUBLIC_PAGE_TTL_MS = 30_000;
const PUBLIC_PAGE_MAX_ENTRIES = 500;

/**
 * The anonymous public pages whose rendered HTML is reused: home, the directory, a provider's
 * page and its free times, the policies and the legal pages, in English and German. Their server render reads only
 * the path, the language and the visitor's country and consent cookies (routes/locale-layout.tsx),
 * never who is signed in (the session lives in the browser; the refresh cookie is scoped to
 * /api/auth and never reaches a page). Sign-in forms and the signed-in area are never cached.
 */
const CACHEABLE_PAGE = new RegExp(
  `^(?:/de)?/(?:providers/(?:${PROVIDER_SEGMENT_PATTERN}/(?:availability/)?)?|policy/(?:client|provider)-cancellation/|legal/(?:terms|privacy|cookies|imprint)/)?$`,
);

/** Whether a page path's render is reused (CACHEABLE_PAGE): anonymous public pages only. */
export const isCacheablePage = (pathname: string): boolean => CACHEABLE_PAGE.test(pathname);

/** What a page's server render depends on besides its URL: the cookies the locale layout reads. */
const PAGE_COOKIES = [COOKIES.country, COOKIES.ignoreCountryPrompt, COOKIES.consent] as const;

/** What server loaders receive as `context.services` (apps/web/app/lib/load-context.ts). */
export function webServices(app: FastifyInstance, deps: AppDeps) {
  const header = deps.config.TRUSTED_COUNTRY_HEADER;
  // Categories, concerns, countries and top states change rarely: each language and country's
  // shell is read once per TTL, not on every page.
  const shells = new TtlCache<Awaited<ReturnType<typeof loadPublicShell>>>({
    ttlMs: PUBLIC_PAGE_TTL_MS,
    maxEntries: 100,
  });
  // The same for the lists the directory's filters and home's links show: they change as rarely
  // and are the same for every visitor of a language and country, so a page rendered afresh (a
  // search, a filter, a crawler's visit) asks the database only for its own results.
  const lists = new TtlCache<unknown>({ ttlMs: PUBLIC_PAGE_TTL_MS, maxEntries: 500 });
  const reuse = <T>(key: string, read: () => Promise<T>) => lists.getOrCompute(key, read) as Promise<T>;
  const directory = directoryWebServices(deps);
  return {
    publicShell: async (input: { language: 'en' | 'de'; countryCode: string }) =>
      (await shells.getOrCompute(`${input.language}|${input.countryCode}`, () =>
        loadPublicShell(deps.db, app.log, { ...input, now: deps.clock.now() }),
      )) as Awaited<ReturnType<typeof loadPublicShell>>,
    trustedCountry: (request: Request) => (header ? request.headers.get(header) : null),
    analyticsScriptUrl: process.env.ANALYTICS_SCRIPT_URL ?? '/scripts/analytics.js',
    googleSignIn: googleSignInEnabled(deps.config),
    directory: {
      ...directory,
      filterOptions: (language: 'en' | 'de') => reuse(`options|${language}`, () => directory.filterOptions(language)),
      states: (input: { countryCode: string; language: 'en' | 'de' }) =>
        reuse(`states|${input.countryCode}|${input.language}`, () => directory.states(input)),
      homeCounts: (input: { countryCode: string | null; language: 'en' | 'de' }) =>
        reuse(`home|${input.countryCode ?? ''}|${input.language}`, () => directory.homeCounts(input)),
    },
    signedIn: signedInWebServices(app, deps),
    devTools: deps.config.DEV_TOOLS,
    legal: legalPages(deps),
  };
}

/** Redirects page paths to their trailing-slash form (/de/overview → /de/overview/). */
export function trailingSlashRedirect(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/api?') ||
      url.startsWith('/__') ||
      url.startsWith('/media/')
    ) {
      done();
      return;
    }
    const [pathname, search] = url.split('?', 2) as [string, string | undefined];
    if (pathname.endsWith('/') || pathname.includes('.')) {
      done();
      return;
    }
    reply.redirect(`${pathname}/${search ? `?${search}` : ''}`, 301);
  });
}

/** The Fetch API request React Router handles, made from Fastify's (body streamed, never parsed). */
function toWebRequest(request: FastifyRequest, options: { abortWithClient: boolean }): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.raw.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // A render shared by several requests (a cached page) goes on when its first client leaves.
  const controller = new AbortController();
  if (options.abortWithClient) {
    request.raw.once('close', () => {
      if (!request.raw.complete || request.raw.destroyed) controller.abort();
    });
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`${request.protocol}://${request.host}${request.url}`, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  page: RenderedPage;
}

function copyHeaders(reply: FastifyReply, headers: Iterable<[string, string]>) {
  for (const [name, value] of headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
}

/**
 * The React Router request handler inside Fastify (STACK.md "Web inside Fastify"), answering
 * through Fastify's reply, so security headers, compression and logging apply as to any route.
 *
 * Every response gets its own CSP nonce (platform/csp.ts), on the header and on every inline
 * script. Anonymous public pages (CACHEABLE_PAGE) are rendered once per PUBLIC_PAGE_TTL_MS and
 * key (path, language, the cookies in PAGE_COOKIES, the trusted country header) with a secret
 * placeholder where the nonce goes, and each response puts its fresh nonce in at send time —
 * gzip-compressed without compressing again (RenderedPage). Other pages render per request.
 */
export async function registerWeb(
  app: FastifyInstance,
  deps: AppDeps,
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
) {
  const services = webServices(app, deps);
  const handle = createRequestHandler(build, mode);
  // Cached pages all lie in the public layout: matched against its routes alone (public-routes.ts).
  const handlePublic = createRequestHandler(
    typeof build === 'function' ? async () => publicBuild(await build()) : publicBuild(build),
    mode,
  );
  const countryHeader = deps.config.TRUSTED_COUNTRY_HEADER;
  // Never sent: every response replaces it with its own nonce before anything leaves the process.
  const placeholder = randomBytes(24).toString('base64url');
  const pages = new TtlCache<CachedPage>({ ttlMs: PUBLIC_PAGE_TTL_MS, maxEntries: PUBLIC_PAGE_MAX_ENTRIES });

  const cacheKey = (request: FastifyRequest): string | null => {
    if (request.method !== 'GET') return null;
    const pathname = request.url.split('?', 1)[0] as string;
    if (!isCacheablePage(pathname)) return null;
    const cookie = request.headers.cookie;
    const parts = [request.url, ...PAGE_COOKIES.map((name) => readCookie(cookie, name) ?? '')];
    if (countryHeader) parts.push(String(request.headers[countryHeader] ?? ''));
    return JSON.stringify(parts);
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, cached: CachedPage) => {
    const nonce = cspNonce(reply.raw);
    reply.code(cached.status);
    copyHeaders(reply, cached.headers);
    reply.header('vary', 'Cookie, accept-encoding');
    if (acceptsGzip(request)) {
      reply.header('content-encoding', 'gzip');
      return reply.send(await cached.page.gzip(nonce));
    }
    return reply.send(cached.page.html(nonce));
  };

  await app.register(async (rr) => {
    rr.removeAllContentTypeParsers();
    rr.addContentTypeParser('*', (_request, _payload, done) => done(null));
    rr.all('/*', async (request, reply) => {
      const key = cacheKey(request);
      if (key) {
        const cached = await pages.getOrCompute(key, async () => {
          const response = await handlePublic(toWebRequest(request, { abortWithClient: false }), {
            services,
            nonce: placeholder,
          });
          if (response.status !== 200 || response.headers.has('set-cookie') || !response.body) return undefined;
          const html = new Uint8Array(await response.arrayBuffer());
          return { status: response.status, headers: [...response.headers], page: new RenderedPage(html, placeholder) };
        });
        if (cached) return send(request, reply, cached);
      }
      const response = await handle(toWebRequest(request, { abortWithClient: true }), {
        services,
        nonce: cspNonce(reply.raw),
      });
      reply.code(response.status);
      copyHeaders(reply, response.headers);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
        reply.header('vary', 'Cookie, accept-encoding');
      }
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
    });
  });
}

/** Production: built client assets with immutable caching (precompressed at build), and the built server. */
export async function registerBuiltWeb(app: FastifyInstance, deps: AppDeps) {
  const serverEntry = path.join(WEB_BUILD, 'server/index.js');
  if (!existsSync(serverEntry)) throw new Error(`Web build missing at ${serverEntry}; run npm run build`);
  await app.register(fastifyStatic, {
    root: path.join(WEB_BUILD, 'client'),
    wildcard: false,
    // scripts/compress-web.mjs writes .br and .gz beside every text asset at build time.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        reply.header('Cache-Control', 'public, max-age=3600');
      }
    },
  });
  app.get('/assets/*', (_request, reply) => reply.code(404).type('text/plain').send('Not found'));
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  await registerWeb(app, deps, build, 'production');
}
