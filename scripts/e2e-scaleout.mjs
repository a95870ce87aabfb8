// Scale-out check: the whole Playwright suite against TWO server processes on ONE PostgreSQL,
// behind a small proxy that sends each request (and each websocket) to the next process in turn.
// Jobs, rate limits, live sockets and sessions must behave as one app. Opt-in (it needs a
// PostgreSQL server): `npm run build && npm run test:e2e:scaleout [-- playwright args]`.
//   E2E_PORT            the proxy's port (Playwright's baseURL), default 3199; the two processes use +1000 and +2000
//   SCALEOUT_ADMIN_URL  a PostgreSQL URL allowed to create databases, default postgres://postgres@127.0.0.1:5432/postgres
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3199);
const adminUrl = process.env.SCALEOUT_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `e2e_scaleout_${Date.now()}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
// Shared by both processes, as on a real deployment: one secret, one place for private files.
const dataDir = path.join(root, `.data/e2e-scaleout-${port}`);
const secret = randomBytes(48).toString('base64url');
const backends = [port + 1000, port + 2000];
const children = [];
const counts = new Map(backends.map((backend) => [backend, 0]));
const publicUrl = `http://127.0.0.1:${port}`;
// As scripts/e2e-server.mjs: a local OpenID provider stands in for Google, and GBP card payments
// take the Stripe-shaped flow against the sandbox (its books are in the shared database).
const google = { clientId: 'therapyhub-e2e', clientSecret: 'e2e-local-oidc-client-secret' };
const googlePort = await new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
let oidc = null;

async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function startServer(backendPort) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEV_TOOLS: 'on',
      PORT: String(backendPort),
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      APP_SECRET: secret,
      TRUST_PROXY: 'on',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '20',
      PAYMENT_GATEWAY_GBP: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e_sandbox',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_sandbox',
      STRIPE_API_URL: `${publicUrl}/api/sandbox/stripe`,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: `http://127.0.0.1:${googlePort}`,
    },
  });
  children.push(child);
  return child;
}

async function waitHealthy(backendPort) {
  for (let i = 0; i < 180; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${backendPort}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`process on ${backendPort} did not become healthy`);
}

let turn = 0;
const next = () => {
  const backend = backends[turn++ % backends.length];
  counts.set(backend, (counts.get(backend) ?? 0) + 1);
  return backend;
};

// Round robin per request; websockets are piped to the next process as raw TCP after the upgrade.
const proxy = http.createServer((request, response) => {
  const backend = next();
  const forwarded = http.request(
    {
      host: '127.0.0.1',
      port: backend,
      method: request.method,
      path: request.url,
      headers: {
        ...request.headers,
        'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
        'x-forwarded-proto': 'http',
      },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(forwarded);
});
proxy.on('upgrade', (request, socket, head) => {
  const upstream = net.connect(next(), '127.0.0.1', () => {
    const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
    upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});

async function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  );
  proxy.close();
  await Promise.resolve(oidc?.close()).catch(() => {});
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(130));

rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
await admin(`CREATE DATABASE ${database}`);
// Both start at once: the start-up lock makes one migrate and seed while the other waits.
for (const backend of backends) startServer(backend);
await Promise.all(backends.map(waitHealthy));
await new Promise((resolve) => proxy.listen(port, '127.0.0.1', resolve));
const { startLocalOidcProvider } = await import('../apps/api/test/local-oidc-provider.mjs');
oidc = await startLocalOidcProvider({
  port: googlePort,
  ...google,
  redirectUris: [`${publicUrl}/api/auth/google/callback`],
});
console.log(`scale-out: proxy :${port} → processes :${backends.join(', :')} on database ${database}`);

const playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port), E2E_EXTERNAL_SERVER: '1' },
});
const code = await new Promise((resolve) => playwright.once('exit', (exitCode) => resolve(exitCode ?? 1)));
console.log(`scale-out: requests per process ${[...counts].map(([p, n]) => `:${p}=${n}`).join(', ')}`);
const balanced = [...counts.values()].every((n) => n > 0);
if (!balanced) console.error('scale-out: a process received no request');
await stop(code === 0 && balanced ? 0 : 1);
