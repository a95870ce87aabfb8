import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3418';
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const pid = process.argv[2];
async function shot(name, path, width, fn) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  const reject = page.getByRole('button', { name: 'Reject', exact: true });
  if (await reject.isVisible().catch(() => false)) await reject.click();
  if (fn) await fn(page);
  await page.screenshot({ path: `/tmp/reviews-${name}-${width}.png`, fullPage: true });
  await context.close();
}
for (const width of [1280, 390]) {
  await shot('directory', '/providers/', width);
  await shot('provider', `/providers/${pid}/`, width);
}
await shot('directory-filtered', '/providers/?country=all&therapyApproach=cbt&sort=price', 1280);
await shot('de-provider', `/de/providers/${pid}/`, 1280);
await shot('contact', '/contact/', 1280);
await shot('state-picker', '/providers/?country=US', 1280, async (page) => {
  await page.getByRole('button', { name: 'Find a therapist in a US state' }).click();
  await page.waitForTimeout(800);
});
async function signedIn(name, path, width, fn) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/login/?redirect=${encodeURIComponent(path)}`);
  await page.waitForLoadState('networkidle');
  const reject = page.getByRole('button', { name: 'Reject', exact: true });
  if (await reject.isVisible().catch(() => false)) await reject.click();
  await page.getByLabel('Email').fill('client@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 30000 });
  await page.waitForLoadState('networkidle');
  if (fn) await fn(page);
  await page.screenshot({ path: `/tmp/reviews-${name}-${width}.png`, fullPage: true });
  await context.close();
}
await signedIn('appointments', '/appointments/', 1280);
await signedIn('review-dialog', '/appointments/', 1280, async (page) => {
  await page.getByRole('button', { name: /Leave a review/ }).first().click();
  await page.waitForTimeout(1000);
});
await signedIn('review-dialog', '/appointments/', 390, async (page) => {
  await page.getByRole('button', { name: /Leave a review/ }).first().click();
  await page.waitForTimeout(1000);
});
await signedIn('recommended', '/recommended-provider/', 1280);
await signedIn('recommended', '/recommended-provider/', 390);
await browser.close();
