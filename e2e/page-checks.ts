import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';

/** zod's and our own English sentences that must never reach a Chinese page. */
const ENGLISH_VALIDATION = /Invalid input|Too (big|small)|expected (string|number)|must not exceed|is required|is taken/i;
/** A text node that is nothing but an i18n key such as `filters.reset`. */
const RAW_KEY = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9_]+)+$/;

/**
 * What is wrong with the page as it stands: critical or serious axe violations, anything wider than
 * the window (outside a box that scrolls or clips on purpose), i18n keys on screen, and with
 * `zh` English validation sentences on a Chinese page; with `lastColumn`, a table whose last column
 * is cut off in its box at desktop widths. One line per problem, empty when there is none.
 */
export async function pageProblems(page: Page, opts: { zh?: boolean; lastColumn?: boolean } = {}): Promise<string[]> {
  const problems: string[] = [];
  const axe = await new AxeBuilder({ page }).analyze();
  for (const v of axe.violations)
    if (v.impact === 'critical' || v.impact === 'serious')
      problems.push(
        `axe ${v.impact} ${v.id} ×${v.nodes.length}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
      );
  const layout = await page.evaluate((lastColumn) => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`page is ${document.documentElement.scrollWidth}px wide in ${vw}px`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // Inside a box that clips or scrolls on purpose (a table box, a switch's hidden input), the box counts.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) {
          clipped = true;
          break;
        }
      if (!clipped && (r.right > vw + 1 || r.left < -1)) {
        out.push(
          `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} spans ${Math.round(r.left)}–${Math.round(r.right)} in ${vw}px`,
        );
        if (out.length > 5) break;
      }
    }
    if (lastColumn && vw >= 1280) {
      for (const table of Array.from(document.querySelectorAll('table'))) {
        const last = table.querySelector('thead tr th:last-child, tbody tr td:last-child');
        const box = table.parentElement;
        if (!last || !box) continue;
        if (last.getBoundingClientRect().right > box.getBoundingClientRect().right + 1) out.push('a table’s last column is cut off');
      }
    }
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent?.trim();
      if (t) texts.push(t);
    }
    return { out, texts };
  }, opts.lastColumn ?? false);
  problems.push(...layout.out);
  for (const t of layout.texts) {
    if (RAW_KEY.test(t)) problems.push(`raw key on screen: ${t}`);
    if (opts.zh && ENGLISH_VALIDATION.test(t)) problems.push(`English text on a Chinese page: ${t}`);
  }
  return problems;
}

/** A new tab of the given size, language and colour mode (as the app keeps them in the browser). */
export async function newLocalePage(browser: Browser, size: { width: number; height: number }, locale: string, theme: string) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale });
  await context.addInitScript(
    ({ t, l }) => {
      localStorage.setItem('supply-desk.theme', t);
      localStorage.setItem('supply-desk.language', l);
    },
    { t: theme, l: locale },
  );
  return context.newPage();
}
