import type { Language } from '@app/shared/constants';
import { type Overview, OverviewSchema } from '@app/shared/schemas/overview';
import { type Actor, pageViewer } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { requestCountryCode } from '../auth/timezones.ts';
import { getOverview } from './service.ts';

/**
 * What the signed-in pages' server loaders read (apps/web/app/lib/load-context.ts `signedIn`):
 * who the page credential names, and that person's overview through the same service as
 * GET /overview, in the same shape (its response schema strips what the API would not send).
 */
export function signedInWebServices(deps: AppDeps) {
  // The layout's and the page's loaders ask about the same request: one check answers both.
  const viewers = new WeakMap<Request, Promise<Actor | null>>();
  return {
    viewer(request: Request): Promise<Actor | null> {
      let viewer = viewers.get(request);
      if (!viewer) {
        viewer = pageViewer(deps, request.headers.get('cookie'));
        viewers.set(request, viewer);
      }
      return viewer;
    },
    async overview(viewer: Actor, input: { request: Request; language: Language }): Promise<Overview> {
      const headers = Object.fromEntries(input.request.headers);
      const overview = await getOverview(deps, {
        actor: viewer,
        language: input.language,
        visitorCountryCode: requestCountryCode({ headers }, deps.config.TRUSTED_COUNTRY_HEADER),
      });
      return OverviewSchema.parse(overview);
    },
  };
}
