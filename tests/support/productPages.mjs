/**
 * Every page of the product with the role that opens it (`signedIn`: false signed out, true the customer `user`,
 * or the demo account's name) and how to tell that it is ready to use: for bench:bundle (the JS each page loads)
 * and bench:pages (how fast each opens). The demo's keys (OP00000006, BL00000001, …) are those of a first start.
 */
export const productPages = [
  { path: '/user/login', signedIn: false, budgetKb: 230, ready: (page) => page.getByPlaceholder('用户名').waitFor() },
  // Issue 15's home page, with its lazily loaded charts drawn (the customer's weekly chart and plan doughnut).
  {
    path: '/shipment',
    signedIn: true,
    budgetKb: 450,
    ready: (page) => page.getByRole('img', { name: '订舱计划' }).waitFor(),
  },
  // Issue 4's budget for the packing list page.
  { path: '/shipment/packing', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '装箱单') },
  // The customer's view of 验针 (the records list); the inspector's adds the queue tab on the same chunks.
  { path: '/shipment/inspection', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '验针记录') },
  // Issue 11's booking pages: the customer's, then the clerk's (signed in as `clerk`).
  { path: '/osb/calendar', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '运价日历') },
  { path: '/osb/plan', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '订舱计划') },
  { path: '/osb/plan/OP00000006', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '订舱计划 OP00000006') },
  { path: '/account/booking', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '订舱记录') },
  // Issue 12's consolidation pages.
  { path: '/osb/goods', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '待拼柜货物') },
  { path: '/shipment/multi/', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '拼柜大厅') },
  { path: '/shipment/multi/container', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '拼柜装柜') },
  { path: '/osb/order', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '订舱单') },
  { path: '/osb/order/BO00000004', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '订舱单 BO00000004') },
  { path: '/osb/settings', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '订舱设置') },
  // Issue 14's declaration handover pages (the clerk's): the list and the demo's handover.
  { path: '/osb/declaration', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '报关交接') },
  {
    path: '/osb/declaration/CD00000001',
    signedIn: 'clerk',
    budgetKb: 450,
    ready: (page) => pageTitle(page, '报关交接 CD00000001'),
  },
  // Issue 14's loose cargo: the customer's hall, the handover, and the clerk's comparison.
  { path: '/shipment/single/', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '散货大厅') },
  { path: '/shipment/single/handover', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '订舱交接') },
  { path: '/shipment/shippingBulk', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '出运对比表下载') },
  // Issue 13's bill of lading pages: the list, a demo B/L waiting for the customer, and its print page.
  { path: '/shipment/multi/bol', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '提单') },
  {
    path: '/shipment/multi/bol/BL00000001',
    signedIn: true,
    budgetKb: 450,
    ready: (page) => pageTitle(page, '提单 [A-Z]{2,4}00000001'),
  },
  {
    path: '/shipment/multi/bol/BL00000001/print',
    signedIn: true,
    budgetKb: 450,
    ready: (page) => page.getByRole('article', { name: /^BILL OF LADING/ }).waitFor(),
  },
  // Issue 15: the colour stickers, and the pages no issue measured before (every page of the product is measured).
  { path: '/tools/colorStickers', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '彩贴生成') },
  {
    path: '/shipment/packing/BD00000001',
    signedIn: true,
    budgetKb: 450,
    ready: (page) => pageTitle(page, '装箱明细 BD00000001'),
  },
  { path: '/account/settings', signedIn: true, budgetKb: 450, ready: (page) => pageTitle(page, '个人设置') },
  { path: '/public/download', signedIn: false, budgetKb: 450, ready: (page) => page.getByText('用户手册').first().waitFor() },
  { path: '/user/register', signedIn: false, budgetKb: 450, ready: (page) => page.getByPlaceholder('姓名（中文）').waitFor() },
  { path: '/user/login/forgot', signedIn: false, budgetKb: 450, ready: (page) => page.getByPlaceholder('账户名').waitFor() },
  { path: '/user/reset', signedIn: false, budgetKb: 450, ready: (page) => page.getByText('重置链接无效').waitFor() },
  { path: '/user/activate', signedIn: false, budgetKb: 450, ready: (page) => page.getByText('激活失败').waitFor() },
  { path: '/maintain', signedIn: false, budgetKb: 450, ready: (page) => page.getByText('系统维护中').waitFor() },
  // The clerk's and the inspector's home and their own views of shared pages.
  { path: '/shipment', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '出运首页') },
  { path: '/shipment/multi/bol', signedIn: 'clerk', budgetKb: 450, ready: (page) => pageTitle(page, '提单') },
  { path: '/shipment', signedIn: 'inspector', budgetKb: 450, ready: (page) => pageTitle(page, '出运首页') },
  { path: '/shipment/inspection', signedIn: 'inspector', budgetKb: 450, ready: (page) => pageTitle(page, '验针') },
  { path: '/shipment/single/handover', signedIn: 'inspector', budgetKb: 450, ready: (page) => pageTitle(page, '订舱交接') },
  // The administrator's one page.
  { path: '/admin/accounts', signedIn: 'admin', budgetKb: 450, ready: (page) => pageTitle(page, '账号管理') },
  { path: '/403', signedIn: true, budgetKb: 450, ready: (page) => page.getByText('抱歉，你无权访问此页面。').waitFor() },
  { path: '/500', signedIn: true, budgetKb: 450, ready: (page) => page.getByText('抱歉，服务器出错了').waitFor() },
  { path: '/no-such-page', signedIn: true, budgetKb: 450, ready: (page) => page.getByText('抱歉，您访问的页面不存在').waitFor() },
];

/** The demo account a page is opened as: `user`, `clerk`, `inspector`, `admin`, or `none` signed out. */
export const accountOf = (target) => (target.signedIn === true ? 'user' : target.signedIn || 'none');

export const pageTitle = (page, title) =>
  page
    .locator('.ant-page-header-heading-title')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .waitFor();
