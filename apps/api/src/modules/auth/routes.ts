import {
  ChangeEmailSchema,
  DeleteAccountSchema,
  EmailChangeStartedSchema,
  EmailCodeSchema,
  EmailOnlySchema,
  InvalidateSchema,
  LinkTokenSchema,
  LoginResponseSchema,
  LoginSchema,
  MessageResponseSchema,
  PasswordResetSchema,
  RegisterSchema,
  TimezoneBodySchema,
  TimezoneResponseSchema,
  TokenPairSchema,
  UpdatePasswordSchema,
  UserInfoSchema,
  UserTimezoneGuessSchema,
} from '@app/shared/schemas/auth';
import { DeleteAccountAnswerSchema } from '@app/shared/schemas/data-rights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, bearerToken, requireRole } from '../../platform/auth-guard.ts';
import { bodyEmail, byUser, rateLimit } from '../../platform/rate-limits.ts';
import { deleteAccount, getTimezone, guessTimezone, setTimezone } from './account.ts';
import { confirmEmailChange, startEmailChange } from './email-change.ts';
import { settleAfterAnswerWork } from './mail-safely.ts';
import { requestPasswordReset, resetPassword, updatePassword } from './passwords.ts';
import { clearSessionCookies, REFRESH_COOKIE, setSessionCookies } from './refresh-cookie.ts';
import { register, requestVerification, verifyEmail } from './register.ts';
import { invalidateSession, login, refreshSession } from './sessions.ts';
import { requestCountryCode } from './timezones.ts';
import { loadUserInfo } from './user-info.ts';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** SPEC.md §7 "Auth and user": accounts, sessions, email and password flows, time zones. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  // Emails sent after the answer (reset and verification requests) finish before the app closes.
  app.addHook('onClose', settleAfterAnswerWork);

  const limits = {
    register: rateLimit(app, [{ name: 'registerPerIp' }]),
    login: rateLimit(app, [{ name: 'loginPerIp' }, { name: 'loginPerEmail', keyOf: bodyEmail }]),
    emailRequest: rateLimit(app, [{ name: 'emailRequestPerIp' }, { name: 'emailRequestPerEmail', keyOf: bodyEmail }]),
    tokenRedeem: rateLimit(app, [{ name: 'tokenRedeemPerIp' }]),
    emailChange: rateLimit(app, [{ name: 'emailChangePerUser', keyOf: byUser }]),
    passwordCheck: rateLimit(app, [{ name: 'passwordCheckPerUser', keyOf: byUser }]),
    refresh: rateLimit(app, [{ name: 'refreshPerIp' }]),
  };

  app.post(
    '/user/register',
    {
      preHandler: limits.register,
      schema: { tags, body: RegisterSchema, response: { 201: UserInfoSchema } },
    },
    async (request, reply) => {
      const user = await register(deps, {
        body: request.body,
        language: request.language,
        countryCode: requestCountryCode(request, deps.config.TRUSTED_COUNTRY_HEADER),
        log: request.log,
      });
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/user/register/verify',
    {
      preHandler: limits.tokenRedeem,
      schema: { tags, body: LinkTokenSchema, response: { 200: UserInfoSchema } },
    },
    (request) => verifyEmail(deps, { token: request.body.token }),
  );

  app.post(
    '/user/register/request-verification',
    {
      preHandler: limits.emailRequest,
      schema: { tags, body: EmailOnlySchema, response: { 200: MessageResponseSchema } },
    },
    (request) => requestVerification(deps, { email: request.body.email, language: request.language, log: request.log }),
  );

  app.post(
    '/user/login',
    {
      preHandler: limits.login,
      schema: { tags, body: LoginSchema, response: { 200: LoginResponseSchema } },
    },
    async (request, reply) => {
      const answer = await login(deps, { ...request.body, userAgent: request.headers['user-agent'] });
      await setSessionCookies(request, reply, answer);
      return answer;
    },
  );

  app.post(
    '/user/request-password-reset',
    {
      preHandler: limits.emailRequest,
      schema: { tags, body: EmailOnlySchema, response: { 200: MessageResponseSchema } },
    },
    (request) =>
      requestPasswordReset(deps, { email: request.body.email, language: request.language, log: request.log }),
  );

  app.post(
    '/user/password-reset',
    {
      preHandler: limits.tokenRedeem,
      schema: { tags, body: PasswordResetSchema, response: { 200: MessageResponseSchema } },
    },
    (request) =>
      resetPassword(deps, { token: request.body.token, password: request.body.password, language: request.language }),
  );

  app.post(
    '/user/profile/update-password',
    {
      onRequest: authenticate,
      preHandler: limits.passwordCheck,
      schema: { tags, security, body: UpdatePasswordSchema, response: { 200: MessageResponseSchema } },
    },
    (request) =>
      updatePassword(deps, {
        actor: request.actor,
        oldPassword: request.body.oldPassword,
        newPassword: request.body.newPassword,
        language: request.language,
        log: request.log,
      }),
  );

  app.post(
    '/user/profile/change-email',
    {
      onRequest: authenticate,
      preHandler: limits.emailChange,
      schema: { tags, security, body: ChangeEmailSchema, response: { 200: EmailChangeStartedSchema } },
    },
    (request) => startEmailChange(deps, { actor: request.actor, email: request.body.email }),
  );

  app.post(
    '/user/profile/validate-email-change',
    {
      onRequest: authenticate,
      schema: { tags, security, body: EmailCodeSchema, response: { 200: UserInfoSchema } },
    },
    (request) => confirmEmailChange(deps, { actor: request.actor, code: request.body.token, log: request.log }),
  );

  app.delete(
    '/user/profile/delete-account',
    {
      // Clients and providers erase their own account (GDPR Art. 17); an admin account is closed by operators.
      onRequest: requireRole('client', 'provider'),
      preHandler: limits.passwordCheck,
      schema: { tags, security, body: DeleteAccountSchema, response: { 200: DeleteAccountAnswerSchema } },
    },
    async (request) => {
      const answer = await deleteAccount(deps, {
        actor: request.actor,
        password: request.body?.password,
        language: request.language,
      });
      await app.realtime.endUserSockets([request.actor.userId]); // live sockets end now, on every process
      return answer;
    },
  );

  app.get(
    '/user/info',
    { onRequest: authenticate, schema: { tags, security, response: { 200: UserInfoSchema } } },
    (request) => loadUserInfo(db, request.actor.userId),
  );

  app.get(
    '/user/timezone',
    { onRequest: authenticate, schema: { tags, security, response: { 200: TimezoneResponseSchema } } },
    (request) => getTimezone(deps, { actor: request.actor }),
  );

  app.post(
    '/user/timezone',
    {
      onRequest: authenticate,
      schema: { tags, security, body: TimezoneBodySchema, response: { 200: TimezoneResponseSchema } },
    },
    (request) => setTimezone(deps, { actor: request.actor, timezone: request.body.timezone }),
  );

  app.get(
    '/region/user-timezone',
    { schema: { tags: ['region', ...tags], response: { 200: UserTimezoneGuessSchema } } },
    (request) => guessTimezone(deps, request),
  );

  app.post(
    '/auth/refresh',
    {
      preHandler: limits.refresh,
      schema: { tags, security, response: { 200: TokenPairSchema } },
    },
    async (request, reply) => {
      const refreshToken = bearerToken(request) ?? request.cookies[REFRESH_COOKIE] ?? null;
      const answer = await refreshSession(deps, { refreshToken });
      await setSessionCookies(request, reply, answer);
      return answer;
    },
  );

  app.post(
    '/auth/invalidate',
    {
      onRequest: authenticate,
      schema: { tags, security, body: InvalidateSchema },
    },
    async (request, reply) => {
      await invalidateSession(deps, { actor: request.actor, everywhere: request.body?.everywhere });
      clearSessionCookies(reply);
      return reply.code(204).send();
    },
  );
};
