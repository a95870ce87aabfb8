import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { AppDeps } from '../platform/deps.ts';
import { loadPublicShell } from './public-shell.ts';

export const WEB_ROOT = path.resolve(import.meta.dirname, '../../../web');
export const WEB_BUILD = path.join(WEB_ROOT, 'build');

/** What server loaders receive as `context.services` (apps/web/app/lib/load-context.ts). */
export function webServices(app: FastifyInstance, deps: AppDeps) {
  const header = deps.config.TRUSTED_COUNTRY_HEADER;
  return {
    publicShell: (input: { language: 'en' | 'de'; countryCode: string }) => loadPublicShell(deps.db, app.log, input),
    trustedCountry: (request: Request) => (header ? request.headers.get(header) : null),
    analyticsScriptUrl: process.env.ANALYTICS_SCRIPT_URL ?? '/scripts/analytics.js',
    devTools: deps.config.DEV_TOOLS,
  };
}

/** Redirects page paths to their trailing-slash form (/de/overview → /de/overview/). */
export function trailingSlashRedirect(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [pathname, search] = request.url.split('?', 2) as [string, string | undefined];
    if (
      pathname.endsWith('/') ||
      pathname.startsWith('/api') ||
      pathname.startsWith('/__') ||
      pathname.startsWith('/media/')
    )
      return;
    if (pathname.includes('.') || pathname.endsWith('.data')) return;
    return reply.redirect(`${pathname}/${search ? `?${search}` : ''}`, 301);
  });
}

/** The React Router request handler inside Fastify (STACK.md "Web inside Fastify"). */
export async function registerWeb(
  app: FastifyInstance,
  deps: AppDeps,
  build: () => Promise<ServerBuild>,
  mode: string,
) {
  const services = webServices(app, deps);
  const listener = createRequestListener({ build, mode, getLoadContext: () => ({ services }) });
  await app.register(async (rr) => {
    rr.removeAllContentTypeParsers();
    rr.addContentTypeParser('*', (_request, _payload, done) => done(null));
    rr.all('/*', (request, reply) => {
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
      }
      reply.hijack();
      return listener(request.raw, reply.raw);
    });
  });
}

/** Production: built client assets with immutable caching, and the built server. */
export async function registerBuiltWeb(app: FastifyInstance, deps: AppDeps) {
  const serverEntry = path.join(WEB_BUILD, 'server/index.js');
  if (!existsSync(serverEntry)) throw new Error(`Web build missing at ${serverEntry}; run npm run build`);
  await app.register(fastifyStatic, {
    root: path.join(WEB_BUILD, 'client'),
    wildcard: false,
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
  await registerWeb(app, deps, async () => build, 'production');
}
