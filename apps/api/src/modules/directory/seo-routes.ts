import { providerPagePath } from '@app/shared/provider-path';
import { asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { providerDirectory, providerProfiles, users } from '../../db/schema/index.ts';
import { escapeHtml } from '../../platform/html.ts';
import { listedProvider, providerSlug } from './card.ts';

/** Public pages worth indexing, besides each listed provider's page. */
const STATIC_PATHS = [
  '/',
  '/providers/',
  '/contact/',
  '/policy/client-cancellation/',
  '/policy/provider-cancellation/',
];
/** Signed-in and transactional areas crawlers should leave alone. */
const PRIVATE_PATHS = [
  '/api/',
  '/overview/',
  '/account/',
  '/appointments/',
  '/booking/',
  '/payment/',
  '/wallet/',
  '/earnings/',
  '/messages/',
  '/my-credentials/',
  '/preference/',
  '/security/',
  '/recommended-provider/',
  '/calendar/',
  '/provider-availability/',
  '/sandbox/',
  '/dev/',
];

/**
 * GET /sitemap.xml (every public page in English and German, each with its hreflang alternates)
 * and GET /robots.txt (the signed-in areas disallowed, the sitemap named). Outside /api.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const origin = (deps.config.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.flatMap((path) => [
        `Disallow: ${path}`,
        ...(path.startsWith('/api') ? [] : [`Disallow: /de${path}`]),
      ]),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const providers = await deps.db
      .select({
        id: providerDirectory.providerId,
        firstName: users.firstName,
        lastName: users.lastName,
        updatedAt: sql<string>`${providerProfiles.updatedAt}::text`,
      })
      .from(providerDirectory)
      .innerJoin(users, sql`${users.id} = ${providerDirectory.providerId}`)
      .innerJoin(providerProfiles, sql`${providerProfiles.userId} = ${providerDirectory.providerId}`)
      .where(listedProvider(deps.clock.now()))
      .orderBy(asc(providerDirectory.providerId));
    const pages = [
      ...STATIC_PATHS.map((path) => ({ path, lastmod: null as string | null })),
      ...providers.map((row) => ({
        path: providerPagePath({ identifier: row.id, slug: providerSlug(row) }),
        lastmod: new Date(row.updatedAt).toISOString().slice(0, 10),
      })),
    ];
    const entry = (loc: string, path: string, lastmod: string | null) =>
      [
        '  <url>',
        `    <loc>${escapeHtml(loc)}</loc>`,
        lastmod ? `    <lastmod>${lastmod}</lastmod>` : null,
        `    <xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(`${origin}${path}`)}"/>`,
        `    <xhtml:link rel="alternate" hreflang="de" href="${escapeHtml(`${origin}/de${path}`)}"/>`,
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(`${origin}${path}`)}"/>`,
        '  </url>',
      ]
        .filter(Boolean)
        .join('\n');
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...pages.flatMap((page) => [
        entry(`${origin}${page.path}`, page.path, page.lastmod),
        entry(`${origin}/de${page.path}`, page.path, page.lastmod),
      ]),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });
};
