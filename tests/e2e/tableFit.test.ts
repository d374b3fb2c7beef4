/**
 * Tables that fit a desktop screen: at 1366 × 768 and 1440 × 900 (and 1024 × 768 for the inspection and handover
 * pages, used on tablets), on every page of the menu of every role and on the demo's detail pages, every table shows
 * its key column, its status and its actions without scrolling sideways; every other column can be scrolled fully
 * into view between the fixed ones (the plan list once hid 锁定运价 under 操作); an empty list's 暂无数据 stands in
 * the middle of what is in view. Screenshots of a few in tests/e2e/output.
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

const viewports: { width: number; height: number; only?: string[] }[] = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  // The inspection and handover pages are also used on a tablet at the warehouse door.
  { width: 1024, height: 768, only: ['/shipment/inspection', '/shipment/single/handover'] },
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
      // Every scrolling column can be brought fully into view between the fixed ones (none stays half under 操作).
      const fixedEdges = () => ({
        left: Math.max(view.left, ...heads.filter(isFixedLeft).map((th) => th.getBoundingClientRect().right)),
        right: Math.min(visibleRight, ...heads.filter(isFixedRight).map((th) => th.getBoundingClientRect().left)),
      });
      scroller.scrollLeft = 0;
      await frame();
      const edges = fixedEdges();
      if (edges.left > edges.right + 1) problems.push(`${name}: the fixed columns overlap each other`);
      for (const th of heads.filter((head) => !isFixedLeft(head) && !isFixedRight(head))) {
        const width = th.getBoundingClientRect().width;
        if (width > edges.right - edges.left) continue;
        scroller.scrollLeft += th.getBoundingClientRect().left - fixedEdges().left;
        await frame();
        const box = th.getBoundingClientRect();
        const { left, right } = fixedEdges();
        if (box.left < left - 1 || box.right > right + 1) problems.push(`${name}: 「${text(th)}」 stays under a fixed column`);
      }
      // An empty list says so in the middle of what is in view.
      scroller.scrollLeft = 0;
      await frame();
      const empty = wrapper.querySelector('.ant-table-placeholder .ant-empty');
      if (empty) {
        const box = empty.getBoundingClientRect();
        const middle = (view.left + visibleRight) / 2;
        if (Math.abs((box.left + box.right) / 2 - middle) > 10) problems.push(`${name}: 「${text(empty)}」 is off the middle`);
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
  it('sees every table fit at 1366 × 768 and 1440 × 900 (1024 × 768 where tablets work), with the styles built with the app', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, account);
    const found: string[] = [];
    let measured = 0;
    for (const viewport of viewports) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const pages = [...menuPages(roles[account]), ...detailPages[account]];
      for (const path of pages.filter((one) => !viewport.only || viewport.only.includes(one))) {
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
