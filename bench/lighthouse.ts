/**
 * Lighthouse (mobile, the default emulation: a mid-range phone on a slow 4G link with 4× CPU
 * slowdown) on home, the directory, a provider's page and the booking page (signed in as the demo
 * client) of the production app, in Debian's Chromium.
 *
 *   npm run build && npx tsx bench/lighthouse.ts        (npm run bench:lighthouse)
 *
 * Starts `npm start`'s server (the built web app) on a fresh embedded database with the demo data
 * in node_modules/.cache/bench-lighthouse (or on DATABASE_URL's server when set), waits for it to be
 * ready, audits each page BENCH_LIGHTHOUSE_RUNS times (default 5), and prints every run's scores,
 * the median run's metrics and the medians, which the goals are held to (a page counts as users
 * meet it, never by its best run): performance ≥ 95, accessibility 100. A run Lighthouse could not
 * finish prints its error and counts 0. The booking page keeps the browser's cookies between runs
 * (the demo client's refresh cookie, set before the first run). CHROME_PATH picks the browser
 * (default /usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startBuiltApp } from './built-app.ts';
import { recordRun } from './record.ts';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3499);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** A folder to keep every run's full report in (`<page>-<run>.json`), to read what a score is made of. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Only the pages whose name holds this text. */
const ONLY = process.env.BENCH_ONLY;
const GOAL_PERFORMANCE = 95;
const GOAL_ACCESSIBILITY = 100;
const base = `http://127.0.0.1:${PORT}`;

/** The middle value (the lower of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/**
 * Signs the demo client in and gives the browser its refresh cookie, as a browser that signed in
 * keeps it: the booking page renews its session from it on every run.
 */
async function signInBrowser(port: number): Promise<void> {
  const answer = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Language': 'en' },
    body: JSON.stringify({ email: 'client@demo.test', password: 'demo-pass-123' }),
  });
  if (!answer.ok) throw new Error(`demo client sign-in answered ${answer.status}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const cookies = answer.headers.getSetCookie().map((header) => {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const [name = '', ...value] = pair.split('=');
      const cookiePath = attributes.find((attribute) => attribute.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      return {
        name,
        value: value.join('='),
        domain: '127.0.0.1',
        path: cookiePath,
        httpOnly: true,
        sameSite: 'Strict' as const,
      };
    });
    await browser.contexts()[0]?.addCookies(cookies);
  } finally {
    // Leaves the browser running: closing a connected browser only ends the connection.
    await browser.close();
  }
}

async function main() {
  recordRun('lighthouse');
  const app = await startBuiltApp({ port: PORT, cacheName: 'bench-lighthouse' });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const directory = (await (await fetch(`${base}/api/providers?limit=1`)).json()) as {
      data?: Array<{ identifier: string }>;
    };
    const providerId = directory.data?.[0]?.identifier;
    if (!providerId) throw new Error('no provider in the directory');
    const pages = [
      { name: 'home', path: '/', signedIn: false },
      { name: 'directory', path: '/providers/', signedIn: false },
      { name: 'provider page', path: `/providers/${providerId}/`, signedIn: false },
      { name: 'booking page', path: `/booking/?provider=${providerId}`, signedIn: true },
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
    await signInBrowser(chrome.port);
    let pass = true;
    console.log(`Lighthouse ${RUNS}× per page (mobile); the goals hold the medians:`);
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });
    for (const { name, path: pagePath, signedIn } of pages) {
      if (ONLY && !name.includes(ONLY)) continue;
      const runs: Array<{
        performance: number;
        accessibility: number;
        metrics: Record<string, string>;
        failing: string[];
      }> = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${base}${pagePath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: signedIn,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${pagePath}`);
        if (REPORTS) writeFileSync(join(REPORTS, `${name.replaceAll(' ', '-')}-${run + 1}.json`), JSON.stringify(lhr));
        if (lhr.runtimeError)
          console.log(`  ${name}: run ${run + 1} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (signedIn && !lhr.finalDisplayedUrl.includes('/booking/'))
          console.log(`  ${name}: run ${run + 1} ended at ${lhr.finalDisplayedUrl}, not the booking page`);
        const metrics: Record<string, string> = {};
        for (const id of [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'total-byte-weight',
        ]) {
          metrics[id] = lhr.audits[id]?.displayValue ?? '';
        }
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          metrics,
          failing: Object.values(lhr.audits)
            .filter(
              (audit) =>
                audit.score !== null &&
                audit.score < 1 &&
                (lhr.categories.accessibility?.auditRefs ?? []).some((ref) => ref.id === audit.id && ref.weight > 0),
            )
            .map((audit) => audit.id),
        });
      }
      const byPerformance = [...runs].sort((a, b) => a.performance - b.performance);
      const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      const accessibility = median(runs.map((run) => run.accessibility));
      const performance = middle?.performance ?? 0;
      const metrics = middle?.metrics ?? {};
      const failing = [...new Set(runs.flatMap((run) => run.failing))];
      const met = performance >= GOAL_PERFORMANCE && accessibility >= GOAL_ACCESSIBILITY;
      pass &&= met;
      console.log(
        `  ${name.padEnd(14)} performance ${String(performance).padStart(3)}  accessibility ${String(accessibility).padStart(3)}  ${met ? 'met' : 'MISSED'}  (runs ${runs.map((run) => run.performance).join('/')}, accessibility ${runs.map((run) => run.accessibility).join('/')}; median run: FCP ${metrics['first-contentful-paint']}, LCP ${metrics['largest-contentful-paint']}, TBT ${metrics['total-blocking-time']}, CLS ${metrics['cumulative-layout-shift']}, ${metrics['total-byte-weight']})${failing.length ? `  a11y: ${failing.join(', ')}` : ''}`,
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
    app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
