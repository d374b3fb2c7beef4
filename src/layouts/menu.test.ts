import routes from '../../config/routes';
import { basicLayoutRoutes, buildMenu, matchMenuKeys, routeName, type MenuItem } from './menu';

const pages = basicLayoutRoutes(routes);
const names = (items: MenuItem[]): string[] => items.flatMap((item) => [item.name, ...names(item.children ?? [])]);
const keys = (items: MenuItem[]): string[] => items.flatMap((item) => [item.key, ...keys(item.children ?? [])]);

test('the menu of each role holds exactly the pages it may open', () => {
  expect(names(buildMenu(pages, ['inspector']))).toEqual([
    '出运管理',
    '拼柜出运',
    '提单',
    '散货出运',
    '订舱交接',
    '验针',
    '小工具',
    '彩贴生成',
  ]);
  expect(names(buildMenu(pages, ['documentClerk']))).toEqual([
    '出运管理',
    '拼柜出运',
    '提单',
    '散货出运',
    '散货大厅',
    '订舱交接',
    '出运对比表下载',
    '订舱管理',
    '运价日历',
    '订舱单',
    '报关交接',
    '订舱设置',
    '小工具',
    '彩贴生成',
  ]);
  const user = names(buildMenu(pages, ['user']));
  expect(user).toEqual(expect.arrayContaining(['装箱单', '拼柜大厅', '拼柜装柜', '验针', '订舱计划', '待拼柜货物']));
  expect(user).not.toEqual(expect.arrayContaining(['订舱单']));
});

test('nothing without a signed-in role', () => {
  expect(names(buildMenu(pages, []))).toEqual([]);
});

test('the administrator’s menu is the console alone, none of the business’s pages', () => {
  expect(names(buildMenu(pages, ['admin']))).toEqual(['系统管理', '账号管理']);
});

test('hidden routes, redirects and the catch-all never show', () => {
  const all = names(buildMenu(pages, ['user', 'documentClerk', 'inspector']));
  for (const hidden of ['出运首页', '装箱明细', '提单详情', '订舱计划详情', '订舱单详情', '个人中心', '个人设置']) {
    expect(all).not.toContain(hidden);
  }
});

test('a group and its index page have different keys', () => {
  const all = keys(buildMenu(pages, ['user']));
  expect(new Set(all).size).toBe(all.length);
  expect(all).toEqual(expect.arrayContaining(['group:/shipment/multi', '/shipment/multi/']));
});

test('the active item is the deepest page covering the path, its groups open', () => {
  const menu = buildMenu(pages, ['user']);
  expect(matchMenuKeys(menu, '/shipment/multi')).toEqual({
    selected: ['/shipment/multi/'],
    open: ['group:/shipment', 'group:/shipment/multi'],
  });
  expect(matchMenuKeys(menu, '/shipment/multi/bol/BL-1').selected).toEqual(['/shipment/multi/bol']);
  expect(matchMenuKeys(menu, '/osb/plan/7').selected).toEqual(['/osb/plan']);
  expect(matchMenuKeys(menu, '/account/settings')).toEqual({ selected: [], open: [] });
});

test('routeName names the page for the document title', () => {
  expect(routeName(routes, '/osb/plan/7')).toBe('订舱计划详情');
  expect(routeName(routes, '/shipment/multi')).toBe('拼柜大厅');
  expect(routeName(routes, '/user/login')).toBe('登录');
});
