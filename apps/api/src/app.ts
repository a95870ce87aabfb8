import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { adminRoutes } from './modules/admin/routes.ts';
import { googleIdentityDeletionHook } from './modules/auth/google-account-deletion.ts';
import { googleAuthRoutes } from './modules/auth/google-routes.ts';
import { accountPersonalData } from './modules/auth/personal-data.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { refreshOnApproval } from './modules/availability/listing-slots.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { timeOffRoutes } from './modules/availability/time-off-routes.ts';
import { bookingsDeletionHook } from './modules/bookings/cancel-booking.ts';
import { bookingsErasure, bookingsPersonalData } from './modules/bookings/personal-data.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { calendarFeedsErasure, calendarFeedsPersonalData } from './modules/calendar-feeds/personal-data.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { confirmCardPaidBooking } from './modules/checkout/pay-booking.ts';
import { confirmCardPaidSeries } from './modules/checkout/pay-series.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { clientsErasure, clientsPersonalData } from './modules/clients/personal-data.ts';
import { clientRoutes } from './modules/clients/routes.ts';
import { consentErasure, consentPersonalData } from './modules/consent/personal-data.ts';
import { requestConsentOnConfirmed } from './modules/consent/requests.ts';
import { consentRoutes } from './modules/consent/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { credentialsErasure, credentialsPersonalData } from './modules/credentials/personal-data.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { dataRightsErasure } from './modules/data-rights/exports.ts';
import { dataRightsRoutes } from './modules/data-rights/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { directoryRoutes } from './modules/directory/routes.ts';
import { seoRoutes } from './modules/directory/seo-routes.ts';
import { documentsErasure, documentsPersonalData } from './modules/documents/personal-data.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { flagRoutes } from './modules/flags/routes.ts';
import { flagsPlugin } from './modules/flags/service.ts';
import { formsErasure, formsPersonalData } from './modules/forms/personal-data.ts';
import { formsRoutes } from './modules/forms/routes.ts';
import { sendFormsOnBookingsConfirmed } from './modules/forms/send-forms.ts';
import { livenessServer } from './modules/health/liveness.ts';
import { metricsRoute } from './modules/health/metrics-route.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { messagesErasure, messagesPersonalData } from './modules/messages/personal-data.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { moneyErasure, moneyPersonalData } from './modules/money/personal-data.ts';
import { moneyRoutes } from './modules/money/routes.ts';
import { sandboxCheckoutPage } from './modules/money/sandbox-checkout-page.ts';
import { notesErasure, notesPersonalData } from './modules/notes/personal-data.ts';
import { noteRoutes } from './modules/notes/routes.ts';
import { deliverBookingNotifications } from './modules/notifications/booking-emails.ts';
import { notificationsDeletionHook } from './modules/notifications/deletion.ts';
import { notificationsPersonalData } from './modules/notifications/personal-data.ts';
import { recordNotification } from './modules/notifications/record.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { overviewRoutes } from './modules/overview/routes.ts';
import { profileDeletionHook } from './modules/profiles/account-deletion.ts';
import { mediaRoutes } from './modules/profiles/media-routes.ts';
import { profilesPersonalData } from './modules/profiles/personal-data.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { regionRoutes } from './modules/region/routes.ts';
import { reviewsErasure, reviewsPersonalData } from './modules/reviews/personal-data.ts';
import { reviewsModuleRoutes } from './modules/reviews/routes.ts';
import { sessionRoomErasure, sessionRoomPersonalData } from './modules/sessions/personal-data.ts';
import { sessionsRoutes } from './modules/sessions/routes.ts';
import { supportPersonalData } from './modules/support/personal-data.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { supportDeletionHook } from './modules/support/service.ts';
import { queueOpening } from './modules/waitlist/offers.ts';
import { waitlistErasure, waitlistPersonalData } from './modules/waitlist/personal-data.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { AppError } from './platform/app-error.ts';
import { type RouteAccess, refuseWritesInViewMode, routeAccessOf } from './platform/auth-guard.ts';
import { securityHeadersHook } from './platform/csp.ts';
import type { AppDeps, AppDepsInput } from './platform/deps.ts';
import { registerErrorHandling } from './platform/error-handler.ts';
import { createDomainEvents, type DomainEvents, NO_DOMAIN_EVENTS } from './platform/events.ts';
import { requestLanguage } from './platform/i18n.ts';
import { LOG_SERIALIZERS, logMixin, REDACT } from './platform/logger.ts';
import { realtimePlugin, realtimeRoutes } from './platform/realtime/plugin.ts';
import { requestContextCheck } from './platform/request-context.ts';
import { currentRequestId, requestIdOfRaw } from './platform/request-scope.ts';
import { publicStorage } from './platform/storage.ts';
import { privateFileRoutes } from './platform/uploads/files-route.ts';
import { privateStorageOf } from './platform/uploads/private-storage.ts';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** The process's logger (deps.log): the app logs through it instead of making its own. */
  loggerInstance?: FastifyBaseLogger;
  /** Trust X-Forwarded-* from the proxy in front (client address, protocol for HSTS). */
  trustProxy?: boolean;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What reacts to what across modules, in one place. Every handler runs inside the database
 * transaction of its event (see platform/events.ts for the exact semantics):
 *  - paymentSucceeded (money, a verified card payment): for a booking, checkout confirms it, or
 *    refunds it to the payer's wallet when it can no longer be confirmed; for a series, checkout
 *    pays its sessions from the wallet the payment was credited to;
 *  - accountDeleting (auth, before the user row is anonymised), in this order: profiles erase
 *    their personal fields and pictures, bookings cancels the user's future bookings with a full
 *    refund and erases the client's notes and reasons (the sessions stay: the provider's records),
 *    the session room drops the person's stays, money keeps the ledger (pseudonymised through the
 *    anonymous user row), messages erase what the person wrote, client records go unless notes
 *    hang on them (then without the email), notes stay as treatment records (told), forms withdraw what was never answered and keep
 *    submitted answers as treatment records (told), reviews lose
 *    their comment and become anonymous, credentials and their files go (a provider's),
 *    notifications and support chats go, auth drops the account's
 *    Google link, data rights drop their exports and audit the deletion; each answers what it had
 *    to keep, and the person is told;
 *  - bookingsConfirmed (notifications, after the outbox told the parties of confirmed bookings;
 *    never on the payment's own path): forms sends what the provider assigned to a new client and
 *    measures due again before this session; consent asks the client to sign the provider's
 *    current version;
 *  - personalData (data rights' export job): each module's part of a person's data export, in
 *    archive order (docs/conventions.md "Data export").
 *  - notify (any module telling someone about an event: bookings, money, messages,
 *    credentials, reminders; docs/conventions.md "Notifications"): notifications records it in the
 *    app and answers the person's email choice;
 *  - bookingEventsCommitted (bookings and sessions, right after a change committed): notifications
 *    tells the parties of its outbox events now, in the app and by email (the rest: its job);
 *  - slotsOpened (bookings: a booking cancelled, rejected or moved away; availability: hours
 *    widened, a specific date or time off removed): the waitlist queues the window for its job,
 *    which offers the free slots to the clients waiting.
 */
export function wireDomainEvents(deps: AppDeps, log?: Pick<FastifyBaseLogger, 'warn'>): DomainEvents {
  return createDomainEvents({
    paymentSucceeded: {
      booking: (tx, event) => confirmCardPaidBooking(tx, event, deps),
      booking_series: (tx, event) => confirmCardPaidSeries(tx, event, deps),
    },
    accountDeleting: [
      profileDeletionHook({ db: deps.db, clock: deps.clock, storage: publicStorage(deps.config), log }),
      bookingsDeletionHook(),
      bookingsErasure,
      sessionRoomErasure,
      moneyErasure,
      messagesErasure(privateStorageOf(deps)),
      clientsErasure,
      notesErasure,
      formsErasure,
      consentErasure,
      reviewsErasure,
      credentialsErasure(privateStorageOf(deps)),
      notificationsDeletionHook(),
      supportDeletionHook(),
      googleIdentityDeletionHook(),
      dataRightsErasure(privateStorageOf(deps)),
      documentsErasure(deps),
      calendarFeedsErasure,
      waitlistErasure,
    ],
    providerApproved: [refreshOnApproval],
    bookingsConfirmed: [sendFormsOnBookingsConfirmed(deps), (event) => requestConsentOnConfirmed(deps, event)],
    slotsOpened: [queueOpening(deps)],
    personalData: [
      accountPersonalData,
      profilesPersonalData,
      bookingsPersonalData,
      moneyPersonalData,
      messagesPersonalData,
      credentialsPersonalData,
      clientsPersonalData,
      notesPersonalData(deps),
      formsPersonalData(deps),
      consentPersonalData,
      reviewsPersonalData,
      sessionRoomPersonalData,
      notificationsPersonalData,
      supportPersonalData,
      documentsPersonalData,
      calendarFeedsPersonalData,
      waitlistPersonalData,
    ],
    notify: (tx, event) => recordNotification(tx, event, deps),
    bookingEventsCommitted: (event) => deliverBookingNotifications(deps, event),
    outcome: deps.telemetry?.enabled ? (event) => deps.telemetry?.recordOutcome(event) : undefined,
  });
}

/**
 * The services' dependencies with the domain events wired: buildApp uses it, and so does
 * anything that runs services without the HTTP app (benchmarks). Events already given (a test
 * standing in for a reaction) are kept.
 */
export function withDomainEvents(input: AppDepsInput, log?: Pick<FastifyBaseLogger, 'warn'>): AppDeps {
  if (input.events) return input as AppDeps;
  const deps: AppDeps = { ...input, events: NO_DOMAIN_EVENTS };
  deps.events = wireDomainEvents(deps, log);
  return deps;
}

/**
 * Builds the whole HTTP application without listening: server.ts and tests share it. The
 * services' dependencies, events wired, are `app.deps` (jobs and the web handler use those).
 */
export async function buildApp(input: AppDepsInput, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? false;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : {
          logger:
            logger === false
              ? false
              : {
                  ...(typeof logger === 'object' ? logger : {}),
                  redact: REDACT,
                  serializers: LOG_SERIALIZERS,
                  mixin: logMixin,
                },
        }),
    // The request's log lines get its id from the logger's mixin (platform/logger.ts) when the
    // request runs in its scope; Fastify's own binding would write it twice.
    childLoggerFactory: (parent, bindings, options) =>
      parent.child(bindings.reqId !== undefined && bindings.reqId === currentRequestId() ? {} : bindings, options),
    genReqId: requestIdOfRaw,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // The liveness probe is answered by the HTTP server itself (modules/health/liveness.ts).
    serverFactory: livenessServer,
  }).withTypeProvider<ZodTypeProvider>();

  const deps = withDomainEvents(input, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('language', 'en');
  app.decorateRequest('locale', 'en');
  app.decorateRequest('countryCode', null);
  app.decorateRequest('actor', null as never);
  // Helmet's headers first, so an answer refused by the next hook carries them too; inline scripts
  // only with each response's nonce (platform/csp.ts; the web handler puts it on them).
  app.addHook('onRequest', securityHeadersHook(deps.config));
  // One synchronous hook for what every request needs before its route (a throw here answers
  // through the error handler).
  const checkRequestContext = requestContextCheck(deps.config);
  app.addHook('onRequest', (request, reply, done) => {
    request.language = requestLanguage(request);
    reply.header('x-request-id', request.id);
    // API answers are personal (wallets, bookings, notes): no shared or back-button cache keeps them
    // unless a route says otherwise. HSTS only where the request really came over https (behind a
    // trusted proxy, X-Forwarded-Proto decides); a plain-http answer must not pin the host.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    checkRequestContext(request); // SPEC §7 headers: checked, or 400
    refuseWritesInViewMode(request); // view mode is read-only, on every route
    done();
  });
  registerErrorHandling(app);
  // Request spans and the request histogram (nothing when telemetry is off; platform/telemetry.ts).
  await deps.telemetry?.register(app);

  // Access before input: every guard runs in onRequest (a route that declares one later fails
  // here, at start-up), and what each route admits is kept for the route-walk test and the docs.
  const routeAccess = new Map<string, RouteAccess>();
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    const access = routeAccessOf(route);
    if (!access) return;
    for (const method of [route.method].flat()) routeAccess.set(`${method} ${route.url}`, access);
  });

  // Answers over 1 KB go out brotli- or gzip-compressed when the client takes it (Vary: accept-encoding);
  // request bodies are never inflated. Built assets come precompressed (web/web-plugin.ts). Every
  // answer is compressed as it leaves, so brotli runs at quality 2: as small as the plugin's
  // quality 4 on JSON and HTML, for a third of the CPU.
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: 1024,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
  });
  await app.register(cookie, { secret: deps.config.APP_SECRET });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Therapy marketplace API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(realtimePlugin); // app.realtime: live events to users' sockets (GET /api/ws)
  await app.register(flagsPlugin); // app.flags: feature flags through OpenFeature
  await app.register(mediaRoutes); // GET /media/<key>: public files, outside /api
  await app.register(seoRoutes); // GET /sitemap.xml, /robots.txt
  if (deps.config.DEV_TOOLS) await app.register(sandboxCheckoutPage); // /sandbox/checkout/<reference>

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      await api.register(healthRoutes);
      await api.register(metricsRoute); // GET /api/metrics: only with METRICS_TOKEN
      await api.register(regionRoutes);
      await api.register(catalogRoutes);
      await api.register(profileRoutes);
      await api.register(availabilityRoutes);
      await api.register(timeOffRoutes);
      await api.register(authRoutes);
      await api.register(googleAuthRoutes); // /auth/google…: 404 unless GOOGLE_CLIENT_ID/SECRET are set
      await api.register(moneyRoutes);
      await api.register(checkoutRoutes);
      await api.register(bookingRoutes);
      await api.register(sessionsRoutes); // the session room and what follows a session
      await api.register(calendarFeedRoutes); // a person's calendar feed; a provider's external busy calendars
      await api.register(waitlistRoutes); // a client waiting for an earlier slot with a provider
      await api.register(directoryRoutes);
      await api.register(messageRoutes);
      await api.register(realtimeRoutes);
      await api.register(credentialRoutes);
      await api.register(adminRoutes);
      await api.register(dataRightsRoutes);
      await api.register(reviewsModuleRoutes);
      await api.register(contactRoutes);
      await api.register(notificationRoutes);
      await api.register(flagRoutes);
      await api.register(supportRoutes);
      await api.register(privateFileRoutes); // GET /api/files/<signed token>
      await api.register(clientRoutes);
      await api.register(noteRoutes);
      await api.register(formsRoutes); // intake questionnaires and outcome measures
      await api.register(documentRoutes);
      await api.register(consentRoutes);
      await api.register(overviewRoutes);
      if (deps.config.DEV_TOOLS) await api.register(devRoutes);
      api.all('/*', { schema: { hide: true } }, (request) => {
        throw new AppError('ROUTE_NOT_FOUND', { method: request.method, path: request.url.split('?')[0] });
      });
    },
    { prefix: '/api' },
  );

  return app;
}
