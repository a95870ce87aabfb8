import type { Language } from '@app/shared/constants';
import { LinkTokenSchema, LoginResponseSchema, MessageResponseSchema } from '@app/shared/schemas/auth';
import {
  GoogleCallbackQuerySchema,
  GoogleLinkInfoSchema,
  GoogleLinkPasswordSchema,
  GoogleStartQuerySchema,
} from '@app/shared/schemas/auth-google';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error.ts';
import { rateLimit } from '../../platform/rate-limits.ts';
import { confirmGoogleLink, describeGoogleLink, emailGoogleLink, linkGoogleWithPassword } from './google-link.ts';
import { createGoogleOidc } from './google-oidc.ts';
import {
  finishGoogleSignIn,
  GOOGLE_FLOW_TTL_SECONDS,
  GOOGLE_LINK_TTL_SECONDS,
  type GoogleDeps,
  startGoogleSignIn,
} from './google-sign-in.ts';
import { setSessionCookies } from './refresh-cookie.ts';
import { requestCountryCode } from './timezones.ts';

const tags = ['auth'];

/** The started sign-in's state (binds the callback to this browser) and the waiting link. */
export const GOOGLE_STATE_COOKIE = 'g_state';
export const GOOGLE_LINK_COOKIE = 'g_link';
const COOKIE_PATH = '/api/auth/google';

/**
 * Lax, not Strict: the callback is a navigation coming from Google's site, and a Strict cookie
 * would not come along with it.
 */
function setGoogleCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAge: number) {
  reply.setCookie(name, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    maxAge,
  });
}

/** The web page that finishes a Google sign-in (signs in, shows an error, or asks for proof). */
function landingPage(language: Language, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return `${language === 'de' ? '/de' : ''}/login/google/${search ? `?${search}` : ''}`;
}

/**
 * Sign in with Google (OpenID Connect, authorization code with PKCE): docs/api.md. Every route
 * answers 404 while GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not configured.
 */
export const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = createGoogleOidc(app.deps.config, app.deps.log);
  const deps: GoogleDeps | null = google ? { ...app.deps, google } : null;
  const configured = (): GoogleDeps => {
    if (!deps) throw new AppError('NOT_FOUND');
    return deps;
  };
  // Before the rate limits and the body: an unconfigured server has no such routes.
  const whenConfigured = async () => {
    configured();
  };

  const limits = {
    start: rateLimit(app, [{ name: 'googleStartPerIp' }]),
    callback: rateLimit(app, [{ name: 'googleCallbackPerIp' }]),
    link: rateLimit(app, [{ name: 'googleLinkPerIp' }]),
  };

  app.get(
    '/auth/google',
    {
      onRequest: whenConfigured,
      preHandler: limits.start,
      schema: { tags, querystring: GoogleStartQuerySchema },
    },
    async (request, reply) => {
      const started = await startGoogleSignIn(configured(), {
        language: request.query.lang ?? request.language,
        returnTo: request.query.redirect,
        timezone: request.query.timezone,
        countryCode: requestCountryCode(request, app.deps.config.TRUSTED_COUNTRY_HEADER),
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'GOOGLE_UNAVAILABLE') return null;
        throw error;
      });
      if (!started) {
        return reply.redirect(landingPage(request.query.lang ?? request.language, { error: 'GOOGLE_UNAVAILABLE' }));
      }
      setGoogleCookie(request, reply, GOOGLE_STATE_COOKIE, started.state, GOOGLE_FLOW_TTL_SECONDS);
      return reply.redirect(started.url);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      onRequest: whenConfigured,
      preHandler: limits.callback,
      schema: { tags, querystring: GoogleCallbackQuerySchema },
    },
    async (request, reply) => {
      const outcome = await finishGoogleSignIn(configured(), {
        query: request.url.split('?')[1] ?? '',
        state: request.query.state,
        cookieState: request.cookies[GOOGLE_STATE_COOKIE],
        userAgent: request.headers['user-agent'],
        log: request.log,
      });
      reply.clearCookie(GOOGLE_STATE_COOKIE, { path: COOKIE_PATH });
      const { language, returnTo } = outcome;
      if (outcome.kind === 'failed') return reply.redirect(landingPage(language, { error: outcome.code }));
      if (outcome.kind === 'linkPending') {
        setGoogleCookie(request, reply, GOOGLE_LINK_COOKIE, outcome.browserToken, GOOGLE_LINK_TTL_SECONDS);
        return reply.redirect(landingPage(language, { link: '1', redirect: returnTo }));
      }
      await setSessionCookies(request, reply, outcome.pair);
      return reply.redirect(landingPage(language, { redirect: returnTo, created: outcome.created ? '1' : null }));
    },
  );

  app.get(
    '/auth/google/link',
    { onRequest: whenConfigured, schema: { tags, response: { 200: GoogleLinkInfoSchema } } },
    (request) => describeGoogleLink(configured(), { browserToken: request.cookies[GOOGLE_LINK_COOKIE] }),
  );

  app.post(
    '/auth/google/link/password',
    {
      onRequest: whenConfigured,
      preHandler: limits.link,
      schema: { tags, body: GoogleLinkPasswordSchema, response: { 200: LoginResponseSchema } },
    },
    async (request, reply) => {
      const answer = await linkGoogleWithPassword(configured(), {
        browserToken: request.cookies[GOOGLE_LINK_COOKIE],
        password: request.body.password,
        userAgent: request.headers['user-agent'],
        log: request.log,
      });
      reply.clearCookie(GOOGLE_LINK_COOKIE, { path: COOKIE_PATH });
      await setSessionCookies(request, reply, answer);
      return answer;
    },
  );

  app.post(
    '/auth/google/link/email',
    {
      onRequest: whenConfigured,
      preHandler: limits.link,
      schema: { tags, response: { 200: MessageResponseSchema } },
    },
    (request) =>
      emailGoogleLink(configured(), {
        browserToken: request.cookies[GOOGLE_LINK_COOKIE],
        language: request.language,
        log: request.log,
      }),
  );

  app.post(
    '/auth/google/link/confirm',
    {
      onRequest: whenConfigured,
      preHandler: limits.link,
      schema: { tags, body: LinkTokenSchema, response: { 200: LoginResponseSchema } },
    },
    async (request, reply) => {
      const answer = await confirmGoogleLink(configured(), {
        token: request.body.token,
        userAgent: request.headers['user-agent'],
      });
      reply.clearCookie(GOOGLE_LINK_COOKIE, { path: COOKIE_PATH });
      await setSessionCookies(request, reply, answer);
      return answer;
    },
  );
};
