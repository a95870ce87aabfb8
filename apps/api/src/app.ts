import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './modules/auth/routes.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { bookingRoutes } from './modules/bookings/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { earningsRoutes } from './modules/earnings/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { sandboxCheckoutPage } from './modules/payments/sandbox-checkout-page.ts';
import { mediaRoutes } from './modules/profiles/media-routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { regionRoutes } from './modules/region/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { AppError } from './platform/app-error.ts';
import type { AppDeps } from './platform/deps.ts';
import { registerErrorHandling } from './platform/error-handler.ts';
import { requestLanguage } from './platform/i18n.ts';
import { privateFileRoutes } from './platform/uploads/files-route.ts';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Extra plugins mounted after the API (the web handler in server.ts). */
  trustProxy?: boolean;
}

/** Paths and headers that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.token',
  'req.body.refreshToken',
];

/** Builds the whole HTTP application without listening: server.ts and tests share it. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger ?? false;
  const app = Fastify({
    logger: logger === false ? false : { ...(typeof logger === 'object' ? logger : {}), redact: REDACT },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('language', 'en');
  app.decorateRequest('actor', null as never);
  app.addHook('onRequest', async (request, reply) => {
    request.language = requestLanguage(request);
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // React Router's SSR inlines its hydration data; analytics load only after consent.
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: deps.config.APP_SECRET });
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Therapy marketplace API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(mediaRoutes); // GET /media/<key>: public files, outside /api
  if (deps.config.DEV_TOOLS) await app.register(sandboxCheckoutPage); // /sandbox/checkout/<reference>

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      await api.register(healthRoutes);
      await api.register(regionRoutes);
      await api.register(catalogRoutes);
      await api.register(profileRoutes);
      await api.register(availabilityRoutes);
      await api.register(authRoutes);
      await api.register(walletRoutes);
      await api.register(paymentRoutes);
      await api.register(earningsRoutes);
      await api.register(bookingRoutes);
      await api.register(credentialRoutes);
      await api.register(privateFileRoutes); // GET /api/files/<signed token>
      if (deps.config.DEV_TOOLS) await api.register(devRoutes);
      api.all('/*', { schema: { hide: true } }, (request) => {
        throw new AppError('ROUTE_NOT_FOUND', { method: request.method, path: request.url.split('?')[0] });
      });
    },
    { prefix: '/api' },
  );

  return app;
}
