import type { RouteConfigEntry } from '@react-router/dev/routes';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../../../web/app/routes.ts';
import { PUBLIC_LAYOUT, publicRouteIds } from './public-routes.ts';
import { isCacheablePage } from './web-plugin.ts';

interface Entry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/** The route table React Router's build makes of the app's route config (ids from file names). */
function manifestOf(entries: readonly RouteConfigEntry[], parentId = 'root', into: Record<string, Entry> = {}) {
  into.root ??= { id: 'root', path: '' };
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
    into[id] = {
      id,
      parentId,
      ...(entry.path !== undefined ? { path: entry.path } : {}),
      ...(entry.index ? { index: true } : {}),
    };
    if (entry.children) manifestOf(entry.children, id, into);
  }
  return into;
}

function treeOf(manifest: Record<string, Entry>, ids: Set<string>, parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((entry) => entry.parentId === parentId && ids.has(entry.id))
    .map((entry) =>
      entry.index
        ? { id: entry.id, index: true, path: entry.path }
        : { id: entry.id, path: entry.path, children: treeOf(manifest, ids, entry.id) },
    );
}

const matched = (routes: RouteObject[], path: string) =>
  (matchRoutes(routes, path) ?? []).map((match) => [match.route.id, match.params]);

const ID = '0b7d3c4e-5f60-4a1b-8c2d-3e4f5a6b7c8d';
const SLUG = `${ID}-zoe-oconnor-muller`;
/** Every kind of cached page, in both languages. */
const CACHED = [
  '/',
  '/providers/',
  `/providers/${ID}/`,
  `/providers/${SLUG}/`,
  `/providers/${SLUG}/availability/`,
  '/policy/client-cancellation/',
  '/policy/provider-cancellation/',
  '/legal/terms/',
  '/legal/privacy/',
].flatMap((path) => [path, `/de${path}`]);

/** A path's ancestors, which React Router matches too for the browser's partial manifest. */
const ancestorsOf = (path: string) => {
  const segments = path.split('/').filter(Boolean);
  return segments.map((_, index) => `/${segments.slice(0, index).join('/')}`);
};

describe('the public routes a cached page renders with', () => {
  const manifest = manifestOf(routeConfig);
  const all = treeOf(manifest, new Set(Object.keys(manifest)));
  const kept = publicRouteIds(manifest);
  const publicOnly = treeOf(manifest, kept);

  it('are the public layout, what lies below and above it, and the page not found; no signed-in page', () => {
    expect(kept.has(PUBLIC_LAYOUT)).toBe(true);
    for (const id of ['root', 'routes/locale-layout', 'routes/home', 'routes/provider-profile', 'routes/not-found']) {
      expect(kept.has(id), id).toBe(true);
    }
    for (const id of [
      'routes/app-layout',
      'routes/overview',
      'routes/wallet',
      'routes/admin-queue',
      'routes/session-room',
    ]) {
      expect(kept.has(id), id).toBe(false);
    }
    expect(kept.size).toBeLessThan(Object.keys(manifest).length / 2);
  });

  it('match every cached page and each of its ancestor paths as the whole route table does', () => {
    for (const path of CACHED) {
      expect(isCacheablePage(path), path).toBe(true);
      for (const candidate of [path, ...ancestorsOf(path)]) {
        expect(matched(publicOnly, candidate), candidate).toEqual(matched(all, candidate));
      }
    }
  });
});
