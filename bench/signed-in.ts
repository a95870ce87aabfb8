/**
 * Time to content of the signed-in pages on a reload, under Lighthouse's mobile throttling
 * (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU slowdown) in Debian's Chromium.
 *
 *   npm run build && npx tsx bench/signed-in.ts          (npm run bench:signed-in)
 *
 * Starts the built app like bench:lighthouse (embedded database with the demo data, or
 * DATABASE_URL's server), signs in as the demo client and provider through the API (the refresh
 * cookie, as a browser keeps it), opens each page once (the first visit renews the session and
 * fills the HTTP cache), then reloads it BENCH_SIGNED_IN_RUNS times (default 9) and takes, per
 * reload, the time from the navigation's start until the page's own data is on screen: its
 * content element is in the document and no spinner is left in <main>. Prints every run, the
 * median and the p75, and how many API requests the reload made before the content showed.
 * Goal: p75 ≤ 1,200 ms for each page. BENCH_SIGNED_IN_COLD=1 also reloads with the HTTP cache off.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startBuiltApp } from './built-app.ts';
import { recordRun } from './record.ts';

const PORT = Number(process.env.BENCH_SIGNED_IN_PORT ?? 3498);
const RUNS = Number(process.env.BENCH_SIGNED_IN_RUNS ?? 9);
const COLD = process.env.BENCH_SIGNED_IN_COLD === '1';
const GOAL_P75_MS = 1_200;
const base = `http://127.0.0.1:${PORT}`;

/** Lighthouse's mobile throttling, as DevTools applies it to each request. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

interface SignedInPage {
  name: string;
  account: { email: string; password: string };
  path: string;
  /** The element that carries the page's own data once it has loaded. */
  content: string;
}

const CLIENT = { email: 'client@demo.test', password: 'demo-pass-123' };
const PROVIDER = { email: 'provider@demo.test', password: 'demo-pass-123' };
const PAGES: SignedInPage[] = [
  { name: 'overview (client)', account: CLIENT, path: '/overview/', content: '[data-testid="overview-wallet-value"]' },
  { name: 'appointments', account: CLIENT, path: '/appointments/', content: '[data-testid="appointment-card"]' },
  { name: 'wallet', account: CLIENT, path: '/wallet/', content: '[data-testid="wallet-balance"]' },
  { name: 'messages', account: CLIENT, path: '/messages/', content: '[data-testid="chat-list"]' },
  { name: 'overview (provider)', account: PROVIDER, path: '/overview/', content: 'main h2' },
];

/**
 * Installed before every document: records the moment the page's content is shown (its element
 * present, no spinner left in <main>), checked on every DOM change and animation frame. A string,
 * not a function: tsx would name the function with a helper the page does not have.
 */
const watchForContent = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const shown = () => document.querySelector(selector) !== null &&
    document.querySelector('main [role="status"], main .animate-spin') === null;
  const check = () => {
    if (window.__contentAt !== undefined) return;
    if (shown()) window.__contentAt = performance.now();
    else requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  requestAnimationFrame(check);
})();`;

/**
 * In the page: when its content showed (undefined until then). A function, not a string: the
 * page's Content-Security-Policy refuses to evaluate strings.
 */
const contentAt = () => (globalThis as { __contentAt?: number }).__contentAt;

async function signIn(context: BrowserContext, account: { email: string; password: string }) {
  const answer = await context.request.post(`${base}/api/user/login`, {
    data: account,
    headers: { 'X-Language': 'en' },
  });
  if (!answer.ok()) throw new Error(`sign-in as ${account.email} answered ${answer.status()}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** The tab's token renewals: a wait until the one a reload starts (after hydration) has ended. */
function renewalsOf(page: Page) {
  const pending = new Set<unknown>();
  let ended = 0;
  const isRenewal = (request: { url(): string }) => request.url().endsWith('/api/auth/refresh');
  page.on('request', (request) => {
    if (isRenewal(request)) pending.add(request);
  });
  const end = (request: unknown) => {
    if (pending.delete(request)) ended += 1;
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    /** After a reload's content showed: its renewal has ended, or none started within two seconds. */
    async settled(endedBefore: number) {
      const started = Date.now();
      while (pending.size > 0 || (ended === endedBefore && Date.now() - started < 2_000)) {
        if (Date.now() - started > 30_000) throw new Error('a token renewal did not end in 30 s');
        await page.waitForTimeout(20);
      }
    },
    get ended() {
      return ended;
    },
  };
}

async function measure(page: Page, cold: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cold });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const times: number[] = [];
  const apiCalls: number[] = [];
  const renewals = renewalsOf(page);
  for (let run = 0; run < RUNS; run++) {
    let calls = 0;
    let counting = true;
    const onRequest = (request: { url(): string }) => {
      if (counting && request.url().startsWith(`${base}/api/`)) calls += 1;
    };
    page.on('request', onRequest);
    const endedBefore = renewals.ended;
    await page.reload({ waitUntil: 'commit' });
    const handle = await page.waitForFunction(contentAt, undefined, { timeout: 30_000, polling: 50 });
    counting = false;
    page.off('request', onRequest);
    times.push(Math.round(Number(await handle.jsonValue())));
    apiCalls.push(calls);
    // The next reload waits for the tab's token renewal to end: a reload that cuts it off makes the
    // next load renew again (a lost answer, modules/auth/sessions.ts), one more call than a person
    // reloading a settled page makes.
    await renewals.settled(endedBefore);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { times, apiCalls };
}

async function main() {
  recordRun('signed-in');
  const app = await startBuiltApp({ port: PORT, cacheName: 'bench-signed-in' });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    console.log(
      `Signed-in pages, time to content on a reload (${NETWORK.latency} ms RTT, ${CPU_SLOWDOWN}× CPU), ${RUNS} reloads each:`,
    );
    let pass = true;
    for (const target of PAGES) {
      for (const cold of COLD ? [false, true] : [false]) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        await context.addInitScript(watchForContent(target.content));
        await signIn(context, target.account);
        const page = await context.newPage();
        let result: Awaited<ReturnType<typeof measure>>;
        try {
          // The first visit renews the session from the cookie (as after a sign-in) and warms the cache.
          await page.goto(`${base}${target.path}`);
          await page.waitForFunction(contentAt, undefined, { timeout: 60_000 });
          result = await measure(page, cold);
        } catch (error) {
          pass = false;
          console.log(`  ${target.name}: no content (${target.content}) shown: ${(error as Error).message}`);
          continue;
        } finally {
          await context.close();
        }
        const { times, apiCalls } = result;
        const sorted = [...times].sort((a, b) => a - b);
        const median = percentile(sorted, 50);
        const p75 = percentile(sorted, 75);
        const met = cold || p75 <= GOAL_P75_MS;
        if (!cold) pass &&= met;
        console.log(
          `  ${`${target.name}${cold ? ' (cold)' : ''}`.padEnd(26)} median ${String(median).padStart(5)} ms  p75 ${String(p75).padStart(5)} ms  ${cold ? '' : met ? 'met' : 'MISSED'}  (runs ${times.join('/')}; API requests ${[...new Set(apiCalls)].join('/')})`,
        );
      }
    }
    console.log(pass ? `all goals met (p75 ≤ ${GOAL_P75_MS} ms)` : `some goals MISSED (p75 ≤ ${GOAL_P75_MS} ms)`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await browser?.close();
    app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
