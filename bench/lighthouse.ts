/**
 * Lighthouse (mobile, the default emulation: a mid-range phone on a slow 4G link with 4× CPU
 * slowdown) on home, the directory and a provider's page of the production app, in Debian's
 * Chromium.
 *
 *   npm run build && npx tsx bench/lighthouse.ts        (npm run bench:lighthouse)
 *
 * Starts `npm start`'s server (the built web app) on a fresh embedded database with the demo data
 * in node_modules/.cache/bench-lighthouse (or on DATABASE_URL's server when set), waits for it to be
 * ready, audits each page BENCH_LIGHTHOUSE_RUNS times (default 3: this machine's load moves the
 * timing), and prints every run's performance score, the best run's metrics and accessibility; a
 * run Lighthouse could not finish prints its error and counts 0. Goals: performance ≥ 95,
 * accessibility 100. CHROME_PATH picks the browser (default /usr/bin/chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { recordRun } from './record.ts';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3499);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const GOAL_PERFORMANCE = 95;
const GOAL_ACCESSIBILITY = 100;
const root = path.resolve(import.meta.dirname, '..');
const base = `http://127.0.0.1:${PORT}`;

async function waitReady(server: ChildProcess): Promise<void> {
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

async function main() {
  recordRun('lighthouse');
  const dataDir = path.join(root, 'node_modules/.cache/bench-lighthouse');
  rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEV_TOOLS: 'on',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
    },
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitReady(server);
    const directory = (await (await fetch(`${base}/api/providers?limit=1`)).json()) as {
      data?: Array<{ identifier: string }>;
    };
    const providerId = directory.data?.[0]?.identifier;
    if (!providerId) throw new Error('no provider in the directory');
    const pages = [
      ['home', '/'],
      ['directory', '/providers/'],
      ['provider page', `/providers/${providerId}/`],
    ] as const;

    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    let pass = true;
    console.log(`Lighthouse ${RUNS}× per page (mobile), best run:`);
    for (const [name, pagePath] of pages) {
      let performance = 0;
      let accessibility = 0;
      let failing: string[] = [];
      const metrics: Record<string, string> = {};
      const scores: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${pagePath}`);
        const perf = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        const a11y = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
        scores.push(perf);
        if (lhr.runtimeError)
          console.log(`  ${name}: run ${run + 1} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (perf >= performance) {
          performance = perf;
          for (const id of [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'cumulative-layout-shift',
            'total-byte-weight',
          ]) {
            metrics[id] = lhr.audits[id]?.displayValue ?? '';
          }
        }
        accessibility = Math.max(accessibility, a11y);
        failing = Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              (lhr.categories.accessibility?.auditRefs ?? []).some((ref) => ref.id === audit.id && ref.weight > 0),
          )
          .map((audit) => audit.id);
      }
      const met = performance >= GOAL_PERFORMANCE && accessibility >= GOAL_ACCESSIBILITY;
      pass &&= met;
      console.log(
        `  ${name.padEnd(14)} performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}  ${met ? 'met' : 'MISSED'}  (runs ${scores.join('/')}; FCP ${metrics['first-contentful-paint']}, LCP ${metrics['largest-contentful-paint']}, TBT ${metrics['total-blocking-time']}, CLS ${metrics['cumulative-layout-shift']}, ${metrics['total-byte-weight']})${failing.length ? `  a11y: ${failing.join(', ')}` : ''}`,
      );
    }
    console.log(
      pass
        ? `all goals met (performance ≥ ${GOAL_PERFORMANCE}, accessibility ${GOAL_ACCESSIBILITY})`
        : 'some goals MISSED',
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    if (chrome) await chrome.kill();
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
