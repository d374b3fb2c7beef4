/**
 * Tables that fit a desktop screen: at 1366 × 768 and 1440 × 900, on every page of the menu of every role and on
 * the demo's detail pages, every table shows its key column, its status and its actions without scrolling
 * sideways, and no fixed column covers another column — neither at the start nor scrolled to the end (where the
 * plan list once hid 锁定运价 under 操作). Screenshots of a few in tests/e2e/output.
 *
 * Each of those full loads also draws with antd's styles built with the app (config/antdStyles): antd writes no
 * style of its own, save the settings page's Menu, left out of them on purpose.
 */
import type { Browser, Page } from 'playwright-core';
import routes, { type RouteConfig } from '../../config/routes';
import { launchBrowser, openPage, screenshot, signIn } from './support';

const roles = { user: 'user', clerk: 'documentClerk', inspector: 'inspector' } as const;
type Account = keyof typeof roles;

/** The menu's pages of a role: leaf routes without parameters that the role may open. */
function menuPages(role: string, list: RouteConfig[] = routes): string[] {
  return list.flatMap((route) => {
    if (route.authority && !route.authority.includes(role as never)) return [];
    if (route.routes) return menuPages(role, route.routes);
    if (!route.component || !route.path || /[:*]/.test(route.path) || route.redirect || route.layout === false) return [];
    return route.path.startsWith('/user') || route.path.startsWith('/public') ? [] : [route.path];
  });
}

/** The demo's detail pages with tables, by the role that reads them. */
const detailPages: Record<Account, string[]> = {
  user: ['/osb/plan/OP00000006', '/shipment/multi/bol/BL00000001'],
  clerk: ['/osb/order/BO00000004', '/osb/declaration/CD00000001'],
  inspector: [],
};

const viewports = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/** The problems of every table on the page, measured in the browser at both ends of its horizontal scroll. */
async function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const text = (cell: Element) => (cell.textContent ?? '').trim();
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const wrappers = [...document.querySelectorAll('.ant-table-wrapper')].filter((w) => (w as HTMLElement).offsetParent);
    for (const [n, wrapper] of wrappers.entries()) {
      const scroller = (wrapper.querySelector('.ant-table-content') ?? wrapper.querySelector('.ant-table-body')) as HTMLElement;
      const container = wrapper.querySelector('.ant-table-container') as HTMLElement;
      const heads = [...wrapper.querySelectorAll('thead > tr:last-child > th')].filter(
        (th) => !th.classList.contains('ant-table-selection-column') && !th.classList.contains('ant-table-row-expand-icon-cell'),
      );
      if (!scroller || !container || heads.length === 0) continue;
      const name = `table ${n + 1} (${text(heads[0])}…)`;
      const view = container.getBoundingClientRect();
      const visibleRight = Math.min(view.right, document.documentElement.clientWidth);
      const isFixedLeft = (th: Element) => th.classList.contains('ant-table-cell-fix-left');
      const isFixedRight = (th: Element) => th.classList.contains('ant-table-cell-fix-right');
      const visible = (th: Element) => {
        const box = th.getBoundingClientRect();
        return box.left >= view.left - 1 && box.right <= visibleRight + 1;
      };
      scroller.scrollLeft = 0;
      await frame();
      const wanted = [heads[0], ...heads.filter((th) => ['状态', '操作'].includes(text(th)))];
      for (const th of wanted) if (!visible(th)) problems.push(`${name}: 「${text(th)}」 needs a sideways scroll`);
      for (const end of ['start', 'end'] as const) {
        scroller.scrollLeft = end === 'start' ? 0 : scroller.scrollWidth;
        await frame();
        const leftEdge = Math.max(view.left, ...heads.filter(isFixedLeft).map((th) => th.getBoundingClientRect().right));
        const rightEdge = Math.min(visibleRight, ...heads.filter(isFixedRight).map((th) => th.getBoundingClientRect().left));
        const moving = heads.filter((th) => !isFixedLeft(th) && !isFixedRight(th));
        if (leftEdge > rightEdge + 1) problems.push(`${name}: the fixed columns overlap each other`);
        // At the start the first scrolling column begins after the fixed ones; at the end the last one ends before them.
        const edge = end === 'start' ? moving[0] : moving.at(-1);
        if (!edge) continue;
        const box = edge.getBoundingClientRect();
        if (end === 'start' && box.left < leftEdge - 1) problems.push(`${name}: 「${text(edge)}」 starts under a fixed column`);
        if (end === 'end' && box.right > rightEdge + 1) problems.push(`${name}: 「${text(edge)}」 ends under a fixed column`);
      }
      scroller.scrollLeft = 0;
    }
    return problems;
  });
}

/** The styles antd wrote into the page at run time (keyframes aside), by their first rule. */
const writtenStyles = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]')]
      .map((style) => style.innerHTML.slice(0, 80))
      .filter((css) => css && !css.startsWith('@keyframes')),
  );

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe.each(Object.keys(roles) as Account[])('%s', (account) => {
  it('sees every table fit at 1366 × 768 and 1440 × 900, drawn with the styles built with the app', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, account);
    const found: string[] = [];
    let measured = 0;
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      for (const path of [...menuPages(roles[account]), ...detailPages[account]]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.locator('.ant-pro-page-container, .ant-result').first().waitFor();
        await page
          .locator('.ant-spin-spinning')
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch(() => undefined);
        const problems = await tableProblems(page);
        measured += await page.locator('.ant-table-wrapper').count();
        found.push(...problems.map((problem) => `${viewport.width}×${viewport.height} ${path}: ${problem}`));
        const written = (await writtenStyles(page)).filter((css) => !(path === '/account/settings' && css.includes('ant-menu')));
        found.push(...written.map((css) => `${path}: antd wrote the style ${css}`));
        if (viewport.width === 1366 && ['/osb/plan', '/shipment/packing', '/osb/order'].includes(path))
          await screenshot(page, `tables-${account}-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-1366`);
      }
    }
    expect(measured).toBeGreaterThan(0);
    expect(found).toEqual([]);
    await context.close();
  }, 180_000);
});
