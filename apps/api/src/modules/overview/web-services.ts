import type { Language } from '@app/shared/constants';
import { type Overview, OverviewSchema } from '@app/shared/schemas/overview';
import type { FastifyInstance } from 'fastify';
import { type Actor, pageViewer } from '../../platform/auth-guard.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { signAccessToken } from '../../platform/tokens.ts';
import { requestCountryCode } from '../auth/timezones.ts';
import { getOverview } from './service.ts';

/** How long the token a server render reads the API with lives: the render's own few moments. */
const RENDER_TOKEN_TTL_SECONDS = 30;

/**
 * What the signed-in pages' server loaders read (apps/web/app/lib/load-context.ts `signedIn`):
 * who the page credential names, that person's overview through the same service as
 * GET /overview, in the same shape (its response schema strips what the API would not send), and
 * the API's own answers to the GET requests a page's queries make.
 */
export function signedInWebServices(app: FastifyInstance, deps: AppDeps) {
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
    /**
     * The API's answers to a page's GET requests (`paths`, under /api) as the viewer, taken
     * in-process through Fastify's inject: the same routes, guards, schemas and JSON the browser's
     * queries get, so the page can seed its query cache with exactly them
     * (docs/decisions/web-signed-in-pages-seed-their-queries-from-the-apis-answers.md). The token
     * names the viewer's live session and lives for the render only; an answer other than 200 is
     * null, and the browser asks again.
     */
    async answers(viewer: Actor, input: { request: Request; language: Language; paths: readonly string[] }) {
      const token = await signAccessToken(
        { secret: deps.config.APP_SECRET, ttlSeconds: RENDER_TOKEN_TTL_SECONDS, now: deps.clock.now() },
        { userId: viewer.userId, role: viewer.role, sessionId: viewer.sessionId },
      );
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-language': input.language };
      const country = deps.config.TRUSTED_COUNTRY_HEADER;
      const forwarded = country ? input.request.headers.get(country) : null;
      if (country && forwarded) headers[country] = forwarded;
      return Promise.all(
        input.paths.map(async (path): Promise<unknown> => {
          if (!path.startsWith('/') || path.startsWith('//')) return null;
          const answer = await app.inject({ method: 'GET', url: `/api${path}`, headers });
          return answer.statusCode === 200 ? answer.json() : null;
        }),
      );
    },
  };
}
