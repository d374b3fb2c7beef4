/**
 * The one route table of the product (specification §2). `authority` lists the roles that may open a
 * route; a route without it is open to every signed-in user. `hideInMenu` keeps a route out of the menu.
 * Groups carry the union of their pages' roles so the menu shows them to anyone who can open a page inside.
 */
export type Role = 'user' | 'documentClerk' | 'inspector' | 'admin';

export interface RouteConfig {
  path?: string;
  name?: string;
  icon?: string;
  component?: string;
  redirect?: string;
  authority?: Role[];
  hideInMenu?: boolean;
  layout?: boolean;
  wrappers?: string[];
  routes?: RouteConfig[];
}

const routes: RouteConfig[] = [
  {
    path: '/user',
    component: '@/layouts/UserLayout',
    layout: false,
    routes: [
      { path: '/user', redirect: '/user/login' },
      { path: '/user/login', name: '登录', component: './user/login' },
      { path: '/user/login/forgot', name: '修改密码', component: './user/forgot' },
      { path: '/user/register', name: '注册', component: './user/register' },
      { path: '/user/register-result', name: '注册结果', component: './user/register-result' },
      { path: '/user/reset', name: '重置密码', component: './user/reset' },
      { path: '/user/activate', name: '激活账号', component: './user/activate' },
      { path: '/user/unsubscribe', name: '退订邮件提醒', component: './user/unsubscribe' },
    ],
  },
  {
    path: '/public',
    component: '@/layouts/BlankLayout',
    layout: false,
    routes: [{ path: '/public/download', name: '下载', component: './public/download' }],
  },
  { path: '/maintain', component: './exception/504', layout: false },
  { path: '/403', component: './exception/403', layout: false },
  { path: '/500', component: './exception/500', layout: false },
  {
    path: '/',
    component: '@/layouts/SecurityLayout',
    routes: [
      {
        path: '/',
        component: '@/layouts/BasicLayout',
        routes: [
          { path: '/', redirect: '/shipment' },
          {
            path: '/shipment',
            name: '出运管理',
            icon: 'container',
            authority: ['user', 'documentClerk', 'inspector'],
            routes: [
              {
                path: '/shipment',
                name: '出运首页',
                component: './shipment',
                hideInMenu: true,
                authority: ['user', 'documentClerk', 'inspector'],
              },
              { path: '/shipment/packing', name: '装箱单', component: './shipment/packing', authority: ['user'] },
              {
                path: '/shipment/packing/:id',
                name: '装箱明细',
                component: './shipment/packing/detail',
                hideInMenu: true,
                authority: ['user'],
              },
              {
                path: '/shipment/multi',
                name: '拼柜出运',
                authority: ['user', 'documentClerk', 'inspector'],
                routes: [
                  { path: '/shipment/multi/', name: '拼柜大厅', component: './shipment/multi', authority: ['user'] },
                  {
                    path: '/shipment/multi/container',
                    name: '拼柜装柜',
                    component: './shipment/multi/container',
                    authority: ['user'],
                  },
                  {
                    path: '/shipment/multi/bol',
                    name: '提单',
                    component: './shipment/multi/bol',
                    authority: ['user', 'documentClerk', 'inspector'],
                  },
                  {
                    path: '/shipment/multi/bol/:id',
                    name: '提单详情',
                    component: './shipment/multi/bol/detail',
                    hideInMenu: true,
                  },
                  {
                    path: '/shipment/multi/bol/:id/print',
                    name: '提单打印',
                    component: './shipment/multi/bol/print',
                    hideInMenu: true,
                  },
                ],
              },
              {
                path: '/shipment/single',
                name: '散货出运',
                authority: ['user', 'documentClerk', 'inspector'],
                routes: [
                  {
                    path: '/shipment/single/',
                    name: '散货大厅',
                    component: './shipment/single',
                    authority: ['user', 'documentClerk'],
                  },
                  {
                    path: '/shipment/single/handover',
                    name: '订舱交接',
                    component: './shipment/single/handover',
                    authority: ['user', 'documentClerk', 'inspector'],
                  },
                ],
              },
              {
                path: '/shipment/inspection',
                name: '验针',
                component: './shipment/inspection',
                authority: ['inspector', 'user'],
              },
              {
                path: '/shipment/shippingBulk',
                name: '出运对比表下载',
                component: './shipment/shippingBulk',
                authority: ['documentClerk'],
              },
            ],
          },
          {
            path: '/osb',
            name: '订舱管理',
            icon: 'calendar',
            authority: ['user', 'documentClerk'],
            routes: [
              { path: '/osb', redirect: '/osb/calendar' },
              { path: '/osb/calendar', name: '运价日历', component: './osb/calendar' },
              { path: '/osb/plan', name: '订舱计划', component: './osb/plan', authority: ['user'] },
              {
                path: '/osb/plan/:id',
                name: '订舱计划详情',
                component: './osb/plan/detail',
                hideInMenu: true,
                authority: ['user'],
              },
              { path: '/osb/goods', name: '待拼柜货物', component: './osb/goods', authority: ['user'] },
              { path: '/osb/order', name: '订舱单', component: './osb/order', authority: ['documentClerk'] },
              {
                path: '/osb/order/:id',
                name: '订舱单详情',
                component: './osb/order/detail',
                hideInMenu: true,
                authority: ['documentClerk'],
              },
              {
                path: '/osb/declaration',
                name: '报关交接',
                component: './osb/declaration',
                authority: ['documentClerk'],
              },
              {
                path: '/osb/declaration/:id',
                name: '报关交接详情',
                component: './osb/declaration/detail',
                hideInMenu: true,
                authority: ['documentClerk'],
              },
              { path: '/osb/settings', name: '订舱设置', component: './osb/settings', authority: ['documentClerk'] },
            ],
          },
          {
            path: '/tools',
            name: '小工具',
            icon: 'tool',
            authority: ['user', 'documentClerk', 'inspector'],
            routes: [
              { path: '/tools', redirect: '/tools/colorStickers' },
              { path: '/tools/colorStickers', name: '彩贴生成', component: './tools/colorStickers' },
            ],
          },
          {
            // A group like every other menu entry: antd wraps a top-level item in a tooltip that looks its node up
            // with findDOMNode, which React warns of.
            path: '/admin',
            name: '系统管理',
            icon: 'team',
            authority: ['admin'],
            routes: [
              { path: '/admin', redirect: '/admin/accounts' },
              { path: '/admin/accounts', name: '账号管理', component: './admin' },
            ],
          },
          {
            path: '/account',
            name: '个人中心',
            icon: 'user',
            hideInMenu: true,
            routes: [
              { path: '/account', redirect: '/account/settings' },
              { path: '/account/settings', name: '个人设置', component: './account/settings' },
              { path: '/account/booking', name: '订舱记录', component: './account/booking', authority: ['user'] },
              {
                path: '/account/webhooks/:key',
                name: 'Webhook 订阅',
                component: './account/webhook',
                authority: ['user', 'documentClerk'],
              },
            ],
          },
          { path: '/*', component: './exception/404' },
        ],
      },
    ],
  },
];

export default routes;
