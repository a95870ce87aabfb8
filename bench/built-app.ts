/**
 * The built app as `npm start` serves it, for the benchmarks that drive a browser: a fresh embedded
 * database with the demo data in node_modules/.cache/<cacheName> (or DATABASE_URL's server when
 * set), ready once its readiness probe answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function waitReady(server: ChildProcess, base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server not ready in time');
}

/** Starts the built app on `port` and waits until it is ready; `stop` ends it. */
export async function startBuiltApp(options: { port: number; cacheName: string }) {
  const dataDir = path.join(root, 'node_modules/.cache', options.cacheName);
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEV_TOOLS: 'on',
      DATA_DIR: dataDir,
      PORT: String(options.port),
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${options.port}`;
  const stop = () => void server.kill('SIGTERM');
  try {
    await waitReady(server, base);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
