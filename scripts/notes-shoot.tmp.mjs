import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3412';
const args = ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const steps = process.argv.slice(2);
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await page.goto('/login/?redirect=%2Fclients%2F');
  const reject = page.getByRole('button', { name: 'Reject', exact: true });
  if (await reject.isVisible().catch(() => false)) await reject.click();
  await page.getByLabel('Email').fill('provider@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/clients/');
  await page.waitForLoadState('networkidle');
  for (const step of steps) {
    const [kind, value, name] = step.split('|');
    if (kind === 'go') { await page.goto(value); await page.waitForLoadState('networkidle'); }
    if (kind === 'click') { await page.getByRole(value, { name }).first().click(); await page.waitForTimeout(600); }
    if (kind === 'text') { await page.getByText(value).first().click(); await page.waitForTimeout(600); }
    if (kind === 'shot') { await page.screenshot({ path: `/tmp/notes-shots/${value}-${width}.png`, fullPage: true }); }
    if (kind === 'wait') await page.waitForTimeout(Number(value));
    if (kind === 'file') { await page.getByLabel(name, { exact: true }).setInputFiles(value); }
    if (kind === 'fill') { await page.getByLabel(name, { exact: true }).first().fill(value); }
    if (kind === 'testid') { await page.getByTestId(value).first().click(); await page.waitForTimeout(600); }
  }
  await context.close();
}
await browser.close();
