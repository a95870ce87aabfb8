// The app as `npm start` serves it, on a fresh embedded database, for the Playwright journeys.
// A local OpenID provider stands in for Google (e2e/google.spec.ts signs up through it).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.PORT ?? '3000';
const dataDir = path.join(root, `.data/e2e-${process.env.PORT ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });

// The browser runs on 127.0.0.1: the Google callback must come back to that host (its cookies).
const publicUrl = `http://127.0.0.1:${port}`;
const client = { clientId: 'therapyhub-e2e', clientSecret: 'e2e-local-oidc-client-secret' };

/** A port free right now, so the app can start while the provider still loads (it is asked only at sign-in). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}
const googlePort = await freePort();

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DEV_TOOLS: 'on',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '20',
    // e2e/calendar-feeds.spec.ts serves a provider's external calendar from a local server.
    EXTERNAL_CALENDARS_ALLOW_PRIVATE: 'on',
    // GBP card payments take the Stripe-shaped flow: the real Stripe adapter against the sandbox
    // playing Stripe on this same server (DEV_TOOLS), webhooks signed with this test secret.
    PAYMENT_GATEWAY_GBP: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_e2e_sandbox',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e_sandbox',
    STRIPE_API_URL: `http://127.0.0.1:${process.env.PORT ?? 3000}/api/sandbox/stripe`,
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: client.clientId,
    GOOGLE_CLIENT_SECRET: client.clientSecret,
    GOOGLE_ISSUER: `http://127.0.0.1:${googlePort}`,
  },
});
let google = null;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  void Promise.resolve(google?.close()).finally(() => process.exit(code ?? 0));
});

const { startLocalOidcProvider } = await import('../apps/api/test/local-oidc-provider.mjs');
google = await startLocalOidcProvider({
  port: googlePort,
  ...client,
  redirectUris: [`${publicUrl}/api/auth/google/callback`],
});
