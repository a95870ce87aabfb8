import type { ServerBuild } from 'react-router';

/** The layout every cached page renders in (apps/web/app/routes.ts). */
export const PUBLIC_LAYOUT = 'routes/public-layout';

interface RouteEntry {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
}

/**
 * The routes a public page can match: the public layout, every route below it, the routes above
 * it, and a catch-all beside it (the page not found). React Router matches a request by walking
 * every route branch in rank order, several times per request (the request handler, the data
 * query, the browser's partial manifest for the page and each of its ancestor paths), and rebuilds
 * its route objects for each render; the signed-in area is two thirds of the branches, which a
 * public page's URL can never reach. Ranking is a sort by score with the declared order breaking
 * ties, so dropping routes keeps the order of those kept.
 */
export function publicRouteIds(routes: Record<string, RouteEntry | undefined>): Set<string> {
  const entries = Object.values(routes).filter((route): route is RouteEntry => route !== undefined);
  const parentOf = new Map(entries.map((route) => [route.id, route.parentId]));
  const ancestors = new Set<string>();
  for (let id = parentOf.get(PUBLIC_LAYOUT); id !== undefined; id = parentOf.get(id)) ancestors.add(id);
  const below = (id: string): boolean => {
    for (let parent = parentOf.get(id); parent !== undefined; parent = parentOf.get(parent)) {
      if (parent === PUBLIC_LAYOUT) return true;
    }
    return false;
  };
  const kept = new Set<string>();
  for (const route of entries) {
    const catchAll = route.path === '*' && route.parentId !== undefined && ancestors.has(route.parentId);
    if (route.id === PUBLIC_LAYOUT || ancestors.has(route.id) || below(route.id) || catchAll) kept.add(route.id);
  }
  if (!kept.has(PUBLIC_LAYOUT)) throw new Error(`no ${PUBLIC_LAYOUT} route in the build`);
  return kept;
}

function only<T>(routes: Record<string, T>, ids: Set<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(routes).filter(([id]) => ids.has(id)));
}

/**
 * The build with only its public routes (publicRouteIds), in the server's route table and in the
 * browser's manifest alike: what renders the cached public pages (web-plugin.ts), whose paths all
 * lie in the public layout. The page a request renders, and what it hands the browser (the
 * manifest of the routes its path and ancestor paths match), are the same as the whole build's.
 */
export function publicBuild(build: ServerBuild): ServerBuild {
  const ids = publicRouteIds(build.routes);
  return {
    ...build,
    routes: only(build.routes, ids),
    assets: { ...build.assets, routes: only(build.assets.routes, ids) },
  };
}
