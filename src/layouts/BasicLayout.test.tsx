import loginModel from '@/models/login';
import lookupsModel from '@/models/lookups';
import globalModel from '@/models/global';
import userModel from '@/models/user';
import { queryNotices } from '@/services/notice';
import { queryOsbDict } from '@/services/setting';
import { AppProviders, createApp, history, preloadedRoutes } from '@/testing/umi';
import { setAuthority } from '@/utils/authority';
import type { PersonRole as Role } from '@contract/shared/common';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import BasicLayout from './BasicLayout';
import { PREFETCH_DELAY_MS } from './prefetch';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/notice', () => ({ queryNotices: jest.fn(), markNoticesRead: jest.fn(), clearNotices: jest.fn() }));
jest.mock('@/services/auth', () => ({ logout: jest.fn() }));
jest.mock('@/services/setting', () => ({
  queryOsbDict: jest.fn(async () => undefined),
  queryOsbFactories: jest.fn(async () => undefined),
}));

const realNames: Record<Role, string> = { user: '王小明', documentClerk: '张单证', inspector: '赵验针', admin: '钱管理' };

function renderAt(path: string, role: Role) {
  localStorage.clear();
  setAuthority([role]);
  history.replace(path);
  const store = createApp([globalModel, userModel, loginModel, lookupsModel]);
  store.dispatch({
    type: 'user/saveCurrentUser',
    payload: { id: '1', name: role, realName: realNames[role], authority: [role], config: {}, notifyCount: 1, unreadCount: 1 },
  });
  return render(
    <AppProviders store={store}>
      <Routes>
        <Route path="/" element={<BasicLayout />}>
          <Route path="*" element={<div>页面内容</div>} />
        </Route>
      </Routes>
    </AppProviders>,
  );
}

const sider = () => document.querySelector('.ant-pro-sider') as HTMLElement;

/** Opens every group of the side menu and gives the labels of all its pages. */
async function menuLabels(): Promise<string[]> {
  // ProLayout renders a skeleton until its (asynchronous) menu loading has settled.
  await waitFor(() => expect(sider().querySelector('.ant-menu')).toBeInTheDocument());
  for (;;) {
    const closed = Array.from(
      sider().querySelectorAll('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title'),
    );
    if (closed.length === 0) break;
    act(() => {
      fireEvent.click(closed[0]);
    });
  }
  return Array.from(sider().querySelectorAll('.ant-menu-item')).map((item) => (item.textContent ?? '').trim());
}

const groupLabels = () =>
  Array.from(sider().querySelectorAll('.ant-menu-submenu-title')).map((title) => (title.textContent ?? '').trim());

beforeEach(() => {
  (queryNotices as jest.Mock).mockResolvedValue({ data: [], total: 0, success: true, current: 1, pageSize: 100 });
});

test('a customer sees packing, consolidation and booking plans, not the clerk pages', async () => {
  renderAt('/shipment', 'user');
  const labels = await menuLabels();
  expect(labels).toEqual(
    expect.arrayContaining([
      '装箱单',
      '拼柜大厅',
      '拼柜装柜',
      '提单',
      '散货大厅',
      '订舱交接',
      '验针',
      '运价日历',
      '订舱计划',
      '待拼柜货物',
      '彩贴生成',
    ]),
  );
  for (const hidden of ['订舱单', '报关交接', '订舱设置', '出运对比表下载', '出运首页', '个人设置'])
    expect(labels).not.toContain(hidden);
  expect(groupLabels()).toEqual(expect.arrayContaining(['出运管理', '拼柜出运', '散货出运', '订舱管理', '小工具']));
  expect(screen.getByText('页面内容')).toBeInTheDocument();
  expect(screen.getByText('王小明')).toBeInTheDocument();
});

test('a document clerk sees the comparison download, orders and settings, not packing', async () => {
  renderAt('/shipment', 'documentClerk');
  const labels = await menuLabels();
  expect(labels).toEqual(
    expect.arrayContaining([
      '出运对比表下载',
      '提单',
      '散货大厅',
      '订舱交接',
      '运价日历',
      '订舱单',
      '报关交接',
      '订舱设置',
      '彩贴生成',
    ]),
  );
  for (const hidden of ['装箱单', '拼柜大厅', '拼柜装柜', '验针', '订舱计划', '待拼柜货物']) expect(labels).not.toContain(hidden);
});

test('an inspector sees inspection and bills of lading, and no booking group', async () => {
  renderAt('/shipment', 'inspector');
  const labels = await menuLabels();
  expect(labels).toEqual(expect.arrayContaining(['验针', '提单', '订舱交接', '彩贴生成']));
  for (const hidden of ['装箱单', '拼柜大厅', '散货大厅', '出运对比表下载', '运价日历', '订舱单'])
    expect(labels).not.toContain(hidden);
  expect(groupLabels()).not.toContain('订舱管理');
  expect(groupLabels()).toEqual(expect.arrayContaining(['出运管理', '拼柜出运', '散货出运', '小工具']));
});

test('a forbidden path renders the 403 result instead of the page', async () => {
  renderAt('/osb/settings', 'user');
  expect(await screen.findByText('抱歉，你无权访问此页面。')).toBeInTheDocument();
  expect(screen.getByText('403')).toBeInTheDocument();
  expect(screen.queryByText('页面内容')).not.toBeInTheDocument();
});

test('an allowed detail page renders, and its list is the active menu item', async () => {
  renderAt('/osb/order/42', 'documentClerk');
  expect(screen.getByText('页面内容')).toBeInTheDocument();
  await waitFor(() => expect(sider().querySelector('.ant-menu-item-selected')).toHaveTextContent('订舱单'));
});

test('the consolidation hall, not its group, is active at /shipment/multi', async () => {
  renderAt('/shipment/multi', 'user');
  await waitFor(() => expect(sider().querySelector('.ant-menu-item-selected')).toHaveTextContent('拼柜大厅'));
  expect(sider().querySelectorAll('.ant-menu-item-selected')).toHaveLength(1);
  expect(screen.getByText('拼柜大厅').closest('a')).toHaveAttribute('href', '/shipment/multi/');
});

test('menu items are links, and a role change re-filters the menu without a reload', async () => {
  renderAt('/shipment', 'user');
  expect((await menuLabels()).includes('装箱单')).toBe(true);
  expect(screen.getByText('装箱单').closest('a')).toHaveAttribute('href', '/shipment/packing');
  act(() => setAuthority(['documentClerk']));
  const labels = await menuLabels();
  expect(labels).toContain('订舱单');
  expect(labels).not.toContain('装箱单');
});

test('the booking dictionaries come with the frame, for roles with booking pages', async () => {
  (queryOsbDict as jest.Mock).mockClear();
  renderAt('/shipment/inspection', 'inspector');
  expect(queryOsbDict).not.toHaveBeenCalled();
  renderAt('/shipment', 'user');
  await waitFor(() => expect(queryOsbDict).toHaveBeenCalledTimes(1));
});

test('after sign-in, and after every full load, the code of the menu’s other pages is started while idle', async () => {
  jest.useFakeTimers();
  try {
    preloadedRoutes.length = 0;
    renderAt('/shipment/inspection', 'inspector');
    act(() => jest.advanceTimersByTime(PREFETCH_DELAY_MS - 100));
    expect(preloadedRoutes).toEqual([]);
    act(() => jest.advanceTimersByTime(5_000));
    expect(preloadedRoutes).toEqual(
      expect.arrayContaining(['/shipment/multi/bol', '/shipment/single/handover', '/tools/colorStickers']),
    );
    // Not the page shown, nor a page outside the inspector's menu.
    expect(preloadedRoutes).not.toContain('/shipment/inspection');
    expect(preloadedRoutes).not.toContain('/shipment/packing');
  } finally {
    jest.useRealTimers();
  }
});

test('the administrator opening the home lands on 账号管理, the one page of their menu, with no search', async () => {
  renderAt('/shipment', 'admin');
  await waitFor(() => expect(history.location.pathname).toBe('/admin/accounts'));
  expect(await menuLabels()).toEqual(['账号管理']);
  expect(screen.queryByText(/无权访问/)).not.toBeInTheDocument();
  expect(document.querySelector('.shipdesk-header-search')).toBeNull();
});
