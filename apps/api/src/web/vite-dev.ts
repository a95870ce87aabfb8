import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { AppDeps } from '../platform/deps.ts';
import { registerWeb, WEB_ROOT } from './web-plugin.ts';

/** Development: Vite in middleware mode inside the same Fastify, HMR over the app's own server. */
export async function registerViteWeb(app: FastifyInstance, deps: AppDeps) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: WEB_ROOT,
    configFile: `${WEB_ROOT}/vite.config.ts`,
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  await registerWeb(
    app,
    deps,
    () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    'development',
  );
}
