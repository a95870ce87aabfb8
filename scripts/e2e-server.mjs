// The app as `npm start` serves it, on a fresh embedded database, for the Playwright journeys.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, `.data/e2e-${process.env.PORT ?? 'default'}`);
rmSync(dataDir, { recursive: true, force: true });

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
    // GBP card payments take the Stripe-shaped flow: the real Stripe adapter against the sandbox
    // playing Stripe on this same server (DEV_TOOLS), webhooks signed with this test secret.
    PAYMENT_GATEWAY_GBP: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_e2e_sandbox',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e_sandbox',
    STRIPE_API_URL: `http://127.0.0.1:${process.env.PORT ?? 3000}/api/sandbox/stripe`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
