/**
 * Every page in German on a 390 px phone: German words are long, and a page that scrolls
 * sideways, a word wider than its box, a select whose chosen label is cut or anything drawn over
 * the consent banner's buttons is a broken page there. Each page of the route table (e2e/pages.ts)
 * is visited as the role that may see it; a failure names the page and the element.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';
import { ACCOUNTS, expectEveryPageListed, idsFor, PAGES } from './pages';

const WIDTH = 390;

/** What is wrong with the page's layout as it is now, one line per element. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const name = (element: Element) => {
      const testId = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${element.tagName.toLowerCase()}${testId ? ` data-testid="${testId}"` : ''}> "${text}"`;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      problems.push(`the page scrolls sideways (${scrollWidth} px)`);
      // The elements reaching past the screen's edge that no ancestor clips: the cause.
      for (const element of document.body.querySelectorAll('*')) {
        if (!visible(element) || element.getBoundingClientRect().right <= width + 1) continue;
        // A scroller clips an absolutely positioned element only if it is, or holds, the element's
        // containing block (its nearest positioned ancestor); a fixed one nothing clips.
        const position = getComputedStyle(element).position;
        let containingBlock: Element | null = element.parentElement;
        if (position === 'absolute') {
          while (containingBlock && getComputedStyle(containingBlock).position === 'static') {
            containingBlock = containingBlock.parentElement;
          }
        }
        let clipped = false;
        for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
          if (position === 'fixed') break;
          if (getComputedStyle(up).overflowX === 'visible') continue;
          // No positioned ancestor: the containing block is the page itself, which no scroller clips.
          if (containingBlock && (up === containingBlock || up.contains(containingBlock))) clipped = true;
        }
        if (!clipped)
          problems.push(`  reaches ${Math.round(element.getBoundingClientRect().right)} px: ${name(element)}`);
      }
    }
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element) || element instanceof SVGElement) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents') continue;
      // Visually hidden words for screen readers (a 1 px box by design).
      if (element.clientWidth <= 1 && element.clientHeight <= 1) continue;
      // A row that scrolls sideways and fades the edge it hides is meant to (app/ui/scroll-row.ts).
      if (element.hasAttribute('data-scroll-row')) continue;
      // A one-line preview cut with an ellipsis says it is cut (chat previews, last messages).
      if (style.textOverflow === 'ellipsis') continue;
      if (element instanceof HTMLSelectElement) {
        const label = element.selectedOptions[0]?.textContent ?? '';
        const context = document.createElement('canvas').getContext('2d');
        if (!context) continue;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        if (context.measureText(label).width > room + 1) problems.push(`a select cuts "${label}": ${name(element)}`);
        continue;
      }
      // Text the element holds itself (its own words, or only inline children) wider than its box.
      const ownText = [...element.childNodes].some(
        (node) =>
          (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) ||
          (node instanceof Element && getComputedStyle(node).display === 'inline' && node.textContent?.trim()),
      );
      if (ownText && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`text ${element.scrollWidth} px in a ${element.clientWidth} px box: ${name(element)}`);
      }
    }
    // Nothing may be drawn over the consent banner's buttons.
    const banner = document.querySelector('[data-testid="consent-banner"]');
    if (banner && visible(banner)) {
      for (const button of banner.querySelectorAll('button')) {
        const box = button.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (top && !button.contains(top)) problems.push(`${name(top)} covers the consent button ${name(button)}`);
      }
    }
    return problems;
  }, WIDTH);
}

test('every page module of the route table has a page the German phone walk visits', () => {
  expectEveryPageListed();
});

for (const role of ['visitor', 'client', 'provider', 'admin'] as const) {
  test(`${role} pages fit a 390 px phone in German`, async ({ page, request }) => {
    test.setTimeout(360_000);
    await page.setViewportSize({ width: WIDTH, height: 844 });
    const ids = await idsFor(request);
    if (role !== 'visitor') await signIn(page, ACCOUNTS[role], role === 'admin' ? '/admin/' : '/overview/');
    const problems: string[] = [];
    for (const [file, entry] of Object.entries(PAGES).filter(([, item]) => item.role === role)) {
      const path = `/de${entry.path(ids)}`;
      await page.goto(path);
      // Not networkidle: some pages keep a request open (the mailbox polls); the page has settled
      // when its heading shows and a moment has passed for charts and late content.
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForTimeout(500);
      const found = await layoutProblems(page);
      if (role === 'visitor' && (await page.getByTestId('consent-banner').count()) === 0) {
        found.push('the consent banner does not show to a first-time visitor');
      }
      if (found.length > 0) {
        await page.screenshot({ path: `test-results/layout-de-390-${file.replace(/\W+/g, '-')}.png`, fullPage: true });
        problems.push(`${file} (${path}):`, ...found.map((line) => `  ${line}`));
      }
    }
    expect(problems).toEqual([]);
  });
}
