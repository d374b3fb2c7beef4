/**
 * The role matrix: every /v1 route, walked as each role and as nobody. A route the table does not list fails
 * the test, so a new route must say who may call it. Denied callers send a body that would not validate, to
 * show that the role check comes first (403, not 422).
 */
import { adminAccess } from '../../contract/admin/codes';
import { bolAccess } from '../../contract/bol/codes';
import { bulkAccess } from '../../contract/packing/codes';
import type { Role } from '../../contract/shared/common';
import { inspectionAccess } from '../../contract/inspection/schema';
import { handoverAccess, looseAccess } from '../../contract/loose/codes';
import { containerAccess } from '../../contract/container/codes';
import { goodsAccess } from '../../contract/goods/codes';
import { orderAccess } from '../../contract/order/codes';
import { planAccess } from '../../contract/plan/codes';
import { priceAccess } from '../../contract/price/codes';
import { tntAccess } from '../../contract/tnt/codes';
import { tokenAccess } from '../../contract/token/codes';
import { webhookAccess } from '../../contract/webhook/codes';
import { companyAccess, directoryRoles } from '../../contract/company/codes';
import { settingDefaults } from '../../contract/setting/schema';
import { createSession } from '../auth/sessions';
import { createTestApp, type TestApp } from '../testing/harness';

type Access = 'public' | 'signedIn' | Role[];
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered. */
  route: string;
  access: Access;
  /** The URL to call; `self` is the caller's user id (or a placeholder for nobody). */
  url?: (self: string) => string;
  body?: (caller: Caller) => unknown;
  /** The route ends the caller's session: call it with a token of its own. */
  spendsToken?: boolean;
}

const adminOnly = adminAccess.read as Role[];
/** Every role of the business: customers, clerks, inspectors; not the administrator. */
const businessRoles: Role[] = ['user', 'documentClerk', 'inspector'];
const clerkOnly: Role[] = ['documentClerk'];
/** Who changes packing lines, from the resource's access policy: customers (their own) and clerks (all); not the inspector. */
const lineWriters = bulkAccess.write as Role[];
/** 验针, from its policy: inspectors write; inspectors, clerks and customers (their own lines' records) read. */
const inspectionReaders = inspectionAccess.read as Role[];
const inspectionWriters = inspectionAccess.write as Role[];

/** 订舱, from the policies: customers and clerks read plans and prices; customers write plans, clerks prices and orders. */
const planReaders = planAccess.read as Role[];
const planWriters = planAccess.write as Role[];
const priceReaders = priceAccess.read as Role[];
const priceWriters = priceAccess.write as Role[];
const orderClerks = orderAccess.read as Role[];
const containerWriters = containerAccess.write as Role[];
const planChange = '/v1/osbplan/OP99999999/change/OC99999999';
/** 提单, from its policy: every role reads (customers their own); clerks and customers act on it, each their part. */
const bolReaders = bolAccess.read as Role[];
const bolWriters = bolAccess.write as Role[];
/** 散货, from the policies: customers book, clerks confirm; the handover is read by all three, written by clerk and inspector. */
const looseReaders = looseAccess.read as Role[];
const looseWriters = looseAccess.write as Role[];
const handoverReaders = handoverAccess.read as Role[];
const handoverWriters = handoverAccess.write as Role[];
/** 货物跟踪, from its policy: customers (their own) and clerks read; clerks and carriers' systems push. */
const tntReaders = tntAccess.read as Role[];
const tntWriters = tntAccess.write as Role[];
/** Webhook 订阅, from its policy: customers and clerks, each their own subscriptions. */
const webhookReaders = webhookAccess.read as Role[];
const webhookWriters = webhookAccess.write as Role[];

const table: Row[] = [
  { method: 'GET', route: '/v1/health', access: 'public' },
  { method: 'GET', route: '/v1/health/live', access: 'public' },
  { method: 'GET', route: '/v1/docs', access: 'public' },
  // Public to the guard: its own secret (METRICS_TOKEN) admits Prometheus; unset here, it answers 404.
  { method: 'GET', route: '/metrics', access: 'public' },
  { method: 'GET', route: '/v1/docs/ui', access: 'public' },
  { method: 'GET', route: '/v1/docs/ui/:file', access: 'public', url: () => '/v1/docs/ui/init.js' },
  { method: 'GET', route: '/v1/docs/integration', access: 'public' },
  { method: 'GET', route: '/v1/download/userGuide', access: 'public' },
  {
    method: 'POST',
    route: '/v1/auth/login',
    access: 'public',
    body: () => ({ type: 'account', userName: 'ghost', password: 'x' }),
  },
  { method: 'POST', route: '/v1/auth/captcha', access: 'public', body: (c) => ({ mobile: c.mobile }) },
  { method: 'POST', route: '/v1/auth/logout', access: 'public', spendsToken: true },
  { method: 'POST', route: '/v1/auth/register', access: 'public', body: () => ({}) },
  { method: 'GET', route: '/v1/auth/activate', access: 'public', url: () => `/v1/auth/activate?token=${'a'.repeat(43)}` },
  { method: 'GET', route: '/v1/auth/invitation', access: 'public', url: () => `/v1/auth/invitation?token=${'a'.repeat(43)}` },
  { method: 'POST', route: '/v1/auth/forgot', access: 'public', body: () => ({ name: 'ghost' }) },
  { method: 'POST', route: '/v1/auth/reset', access: 'public', body: () => ({ token: 'a'.repeat(43), password: 'abcdef1' }) },
  { method: 'GET', route: '/v1/users', access: clerkOnly },
  { method: 'GET', route: '/v1/users/current', access: 'signedIn' },
  { method: 'GET', route: '/v1/users/:idOrName', access: 'signedIn', url: (self) => `/v1/users/${self}` },
  {
    method: 'PATCH',
    route: '/v1/users/:idOrName',
    access: 'signedIn',
    url: (self) => `/v1/users/${self}`,
    body: () => ({ config: { matrix: 10 } }),
  },
  {
    method: 'POST',
    route: '/v1/users/current/password',
    access: 'signedIn',
    body: () => ({ oldPassword: 'wrong', password: 'abcdef1' }),
  },
  { method: 'DELETE', route: '/v1/users/current/sessions', access: 'signedIn' },
  { method: 'GET', route: '/v1/user/statistics/shipment', access: 'signedIn' },
  { method: 'GET', route: '/v1/stickers', access: businessRoles, url: () => '/v1/stickers?poNo=PO-NONE' },
  { method: 'GET', route: '/v1/stickers/pdf', access: businessRoles, url: () => '/v1/stickers/pdf?poNo=PO-NONE' },
  { method: 'GET', route: '/v1/cartons/:sscc', access: 'signedIn', url: () => '/v1/cartons/069012340000000016' },
  // Every role reaches the call; each entity's own policy then decides (history.test.ts walks them): a B/L's every role reads.
  { method: 'GET', route: '/v1/history/:entity/:key', access: businessRoles, url: () => '/v1/history/bol/BL99999999' },
  { method: 'GET', route: '/v1/search', access: businessRoles, url: () => '/v1/search?q=PO' },
  { method: 'GET', route: '/v1/tokens', access: tokenAccess.read as Role[] },
  {
    method: 'POST',
    route: '/v1/tokens',
    access: tokenAccess.write as Role[],
    body: () => ({ name: 'matrix', scope: 'read', expiresInDays: 1 }),
  },
  {
    method: 'DELETE',
    route: '/v1/tokens/:id',
    access: tokenAccess.write as Role[],
    url: () => '/v1/tokens/0123456789abcdef',
  },
  { method: 'GET', route: '/v1/webhooks', access: webhookReaders },
  {
    method: 'POST',
    route: '/v1/webhooks',
    access: webhookWriters,
    body: () => ({ name: 'matrix', callbackUrl: 'https://hooks.example.com/in', eventTypes: ['plan.confirmed'] }),
  },
  { method: 'GET', route: '/v1/webhooks/:key', access: webhookReaders, url: () => '/v1/webhooks/WH99999999' },
  {
    method: 'PUT',
    route: '/v1/webhooks/:key',
    access: webhookWriters,
    url: () => '/v1/webhooks/WH99999999',
    body: () => ({
      name: 'matrix',
      callbackUrl: 'https://hooks.example.com/in',
      eventTypes: ['plan.confirmed'],
      active: true,
      version: 1,
    }),
  },
  {
    method: 'DELETE',
    route: '/v1/webhooks/:key',
    access: webhookWriters,
    url: () => '/v1/webhooks/WH99999999',
    body: () => ({ version: 1 }),
  },
  {
    method: 'GET',
    route: '/v1/webhooks/:key/deliveries',
    access: webhookReaders,
    url: () => '/v1/webhooks/WH99999999/deliveries',
  },
  { method: 'POST', route: '/v1/webhooks/:key/ping', access: webhookWriters, url: () => '/v1/webhooks/WH99999999/ping' },
  { method: 'GET', route: '/v1/mail/unsubscribe', access: 'public', url: () => `/v1/mail/unsubscribe?token=${'a'.repeat(43)}` },
  { method: 'POST', route: '/v1/mail/unsubscribe', access: 'public', body: () => ({ token: 'a'.repeat(43) }) },
  { method: 'GET', route: '/v1/setting', access: 'signedIn' },
  { method: 'GET', route: '/v1/setting/:key', access: 'signedIn', url: () => '/v1/setting/defaultPorts' },
  {
    method: 'PUT',
    route: '/v1/setting/:key',
    access: clerkOnly,
    url: () => '/v1/setting/defaultPorts',
    body: () => ({ value: settingDefaults.defaultPorts, version: 999 }),
  },
  { method: 'GET', route: '/v1/notices', access: 'signedIn' },
  { method: 'PATCH', route: '/v1/notices', access: 'signedIn', body: () => ({ type: 'message', read: true }) },
  { method: 'DELETE', route: '/v1/notices', access: 'signedIn', url: () => '/v1/notices?type=message' },
  { method: 'GET', route: '/v1/osbDict', access: 'signedIn' },
  { method: 'GET', route: '/v1/osbFactory', access: 'signedIn' },
  { method: 'GET', route: '/v1/factories', access: businessRoles },
  { method: 'GET', route: '/v1/sizeGroup', access: businessRoles },
  { method: 'GET', route: '/v1/gbs/getOrderList/:odg_item_no', access: businessRoles, url: () => '/v1/gbs/getOrderList/ODG' },
  { method: 'GET', route: '/v1/gbs/getOrderInfo/:id', access: businessRoles, url: () => '/v1/gbs/getOrderInfo/G1001' },
  { method: 'GET', route: '/v1/packing/bulkdata/export', access: businessRoles },
  { method: 'GET', route: '/v1/packing/bulkdata/template', access: 'public' },
  { method: 'GET', route: '/v1/packing/bulkdata', access: businessRoles },
  { method: 'GET', route: '/v1/shipping/bulkdata', access: businessRoles },
  {
    method: 'GET',
    route: '/v1/packing/bulkdata/:key/history',
    access: businessRoles,
    url: () => '/v1/packing/bulkdata/BD99999999/history',
  },
  { method: 'GET', route: '/v1/packing/bulkdata/:key', access: businessRoles, url: () => '/v1/packing/bulkdata/BD99999999' },
  {
    method: 'POST',
    route: '/v1/packing/bulkdata/mergeOne',
    access: lineWriters,
    body: () => ({ keys: ['BD99999998', 'BD99999999'], versions: { BD99999998: 1, BD99999999: 1 } }),
  },
  {
    method: 'POST',
    route: '/v1/packing/:type/bulkdata/import',
    access: lineWriters,
    url: () => '/v1/packing/multi/bulkdata/import',
    body: () => ({}),
  },
  {
    method: 'POST',
    route: '/v1/packing/:type/bulkdata',
    access: lineWriters,
    url: () => '/v1/packing/multi/bulkdata',
    body: () => ({}),
  },
  {
    method: 'PUT',
    route: '/v1/packing/:type/bulkdata/:key/seperate',
    access: lineWriters,
    url: () => '/v1/packing/multi/bulkdata/BD99999999/seperate',
    body: () => ({ cartons: 1, version: 1 }),
  },
  {
    method: 'PUT',
    route: '/v1/packing/:type/bulkdata/:key',
    access: lineWriters,
    url: () => '/v1/packing/multi/bulkdata/BD99999999',
    body: () => ({}),
  },
  {
    method: 'PATCH',
    route: '/v1/packing/:type/bulkdata',
    access: lineWriters,
    url: () => '/v1/packing/multi/bulkdata/',
    body: () => ({ keys: ['BD99999999'], changes: { destination: 'Busan' }, versions: { BD99999999: 1 } }),
  },
  {
    method: 'PATCH',
    route: '/v1/bulkslist',
    access: lineWriters,
    body: () => ({ keys: ['BD99999999'], changes: { type: 'single' }, versions: { BD99999999: 1 } }),
  },
  {
    method: 'DELETE',
    route: '/v1/packing/:type/bulkdata/:key',
    access: lineWriters,
    url: () => '/v1/packing/multi/bulkdata/BD99999999',
    body: () => ({ version: 1 }),
  },
  {
    method: 'DELETE',
    route: '/v1/packing/:type/bulkdata',
    access: lineWriters,
    url: () => '/v1/packing/multi/bulkdata/?keys=BD99999998,BD99999999&versions=1,1',
  },
  {
    method: 'DELETE',
    route: '/v1/packing/bulkdata',
    access: lineWriters,
    url: () => '/v1/packing/bulkdata/?keys=BD99999998,BD99999999&versions=1,1',
  },
  { method: 'GET', route: '/v1/inspection', access: inspectionReaders },
  { method: 'GET', route: '/v1/inspection/export', access: inspectionReaders },
  { method: 'GET', route: '/v1/inspection/queue', access: inspectionReaders },
  { method: 'GET', route: '/v1/inspection/calibration', access: inspectionWriters },
  {
    method: 'POST',
    route: '/v1/inspection/calibration',
    access: inspectionWriters,
    body: () => ({ detectorId: 'MD-X', sensitivityFeMm: 1.0 }),
  },
  { method: 'GET', route: '/v1/inspection/:key', access: inspectionReaders, url: () => '/v1/inspection/NI99999999' },
  { method: 'POST', route: '/v1/inspection', access: inspectionWriters, body: () => ({}) },
  {
    method: 'PUT',
    route: '/v1/inspection/:key',
    access: inspectionWriters,
    url: () => '/v1/inspection/NI99999999',
    body: () => ({ remark: '', version: 1 }),
  },
  {
    method: 'GET',
    route: '/v1/osbPrice',
    access: priceReaders,
    url: () => '/v1/osbPrice?pol=CNSHA&pod=USLAX&containerType=40HQ&month=2026-12',
  },
  { method: 'PUT', route: '/v1/osbPrice', access: priceWriters, body: () => ({ prices: [] }) },
  { method: 'POST', route: '/v1/osbPrice/import', access: priceWriters, body: () => ({}) },
  { method: 'GET', route: '/v1/osbPrice/template', access: 'public' },
  { method: 'GET', route: '/v1/osbplan', access: planReaders },
  { method: 'GET', route: '/v1/osbplan/export', access: planReaders },
  { method: 'GET', route: '/v1/osbplan/:key', access: planReaders, url: () => '/v1/osbplan/OP99999999' },
  { method: 'POST', route: '/v1/osbplan', access: planWriters, body: () => ({}) },
  {
    method: 'PUT',
    route: '/v1/osbplan/:key',
    access: planWriters,
    url: () => '/v1/osbplan/OP99999999',
    body: () => ({ quantity: 2, version: 1 }),
  },
  {
    method: 'PUT',
    route: '/v1/osbplan',
    access: planWriters,
    body: () => ({ keys: ['OP99999999'], versions: { OP99999999: 1 }, changes: { quantity: 2 } }),
  },
  {
    method: 'DELETE',
    route: '/v1/osbplan/:key',
    access: planWriters,
    url: () => '/v1/osbplan/OP99999999',
    body: () => ({ version: 1 }),
  },
  { method: 'DELETE', route: '/v1/osbplan', access: planWriters, url: () => '/v1/osbplan/?keys=OP99999999&versions=1' },
  {
    method: 'POST',
    route: '/v1/osbplan/:planKey/change',
    access: ['user'],
    url: () => '/v1/osbplan/OP99999999/change',
    body: () => ({ changeType: 'quantity', quantity: 2, reason: '加柜', version: 1 }),
  },
  { method: 'GET', route: '/v1/osbChange', access: planReaders },
  {
    method: 'PATCH',
    route: '/v1/osbChange/:key',
    access: ['documentClerk'],
    url: () => '/v1/osbChange/OC99999999',
    body: () => ({ decision: 'approve', version: 1 }),
  },
  {
    method: 'PATCH',
    route: '/v1/osbplan/:planKey/change/:key',
    access: ['documentClerk'],
    url: () => planChange,
    body: () => ({ decision: 'approve', version: 1 }),
  },
  {
    method: 'DELETE',
    route: '/v1/osbChange/:key',
    access: ['user'],
    url: () => '/v1/osbChange/OC99999999',
    body: () => ({ version: 1 }),
  },
  {
    method: 'DELETE',
    route: '/v1/osbplan/:planKey/change/:key',
    access: ['user'],
    url: () => planChange,
    body: () => ({ version: 1 }),
  },
  {
    method: 'POST',
    route: '/v1/osbplan/:planKey/container',
    access: containerWriters,
    url: () => '/v1/osbplan/OP99999999/container',
    body: () => ({}),
  },
  {
    method: 'PUT',
    route: '/v1/osbplan/:planKey/container/:key',
    access: containerWriters,
    url: () => '/v1/osbplan/OP99999999/container/CT99999999',
    body: () => ({ sealNo: 'S1', version: 1 }),
  },
  {
    method: 'DELETE',
    route: '/v1/osbplan/:planKey/container/:key',
    access: containerWriters,
    url: () => '/v1/osbplan/OP99999999/container/CT99999999',
    body: () => ({ version: 1 }),
  },
  { method: 'GET', route: '/v1/osbGoods', access: goodsAccess.read as Role[] },
  { method: 'GET', route: '/v1/osbContainer', access: containerAccess.read as Role[] },
  { method: 'GET', route: '/v1/osbContainer/export', access: containerAccess.read as Role[] },
  {
    method: 'GET',
    route: '/v1/osbContainer/:key',
    access: containerAccess.read as Role[],
    url: () => '/v1/osbContainer/CT99999999',
  },
  {
    method: 'GET',
    route: '/v1/osbContainer/:key/loadList',
    access: containerAccess.read as Role[],
    url: () => '/v1/osbContainer/CT99999999/loadList',
  },
  {
    method: 'GET',
    route: '/v1/osbContainer/:key/loadPlan',
    access: containerAccess.read as Role[],
    url: () => '/v1/osbContainer/CT99999999/loadPlan',
  },
  {
    method: 'GET',
    route: '/v1/osbContainer/:key/freight',
    access: containerAccess.read as Role[],
    url: () => '/v1/osbContainer/CT99999999/freight',
  },
  {
    method: 'GET',
    route: '/v1/osbContainer/:key/loadPlan/pdf',
    access: containerAccess.read as Role[],
    url: () => '/v1/osbContainer/CT99999999/loadPlan/pdf',
  },
  { method: 'GET', route: '/v1/osbOrder', access: orderClerks },
  { method: 'GET', route: '/v1/osbOrder/export', access: orderClerks },
  { method: 'GET', route: '/v1/osbOrder/:key', access: orderClerks, url: () => '/v1/osbOrder/BO99999999' },
  {
    method: 'PATCH',
    route: '/v1/osbOrder/:key',
    access: orderClerks,
    url: () => '/v1/osbOrder/BO99999999',
    body: () => ({ action: 'release', version: 1 }),
  },
  { method: 'GET', route: '/v1/declaration', access: clerkOnly },
  { method: 'GET', route: '/v1/declaration/export', access: clerkOnly },
  { method: 'GET', route: '/v1/declaration/:key', access: clerkOnly, url: () => '/v1/declaration/CD99999999' },
  {
    method: 'GET',
    route: '/v1/declaration/:key/elements',
    access: clerkOnly,
    url: () => '/v1/declaration/CD99999999/elements',
  },
  { method: 'POST', route: '/v1/declaration', access: clerkOnly, body: () => ({ orderKey: 'BO99999999' }) },
  {
    method: 'POST',
    route: '/v1/declaration/:key/documents/:document',
    access: clerkOnly,
    url: () => '/v1/declaration/CD99999999/documents/contract',
  },
  {
    method: 'GET',
    route: '/v1/declaration/:key/documents/:document',
    access: clerkOnly,
    url: () => '/v1/declaration/CD99999999/documents/contract',
  },
  {
    method: 'PUT',
    route: '/v1/declaration/:key',
    access: clerkOnly,
    url: () => '/v1/declaration/CD99999999',
    body: () => ({ version: 1 }),
  },
  { method: 'GET', route: '/v1/looseBooking', access: looseReaders },
  { method: 'GET', route: '/v1/looseBooking/export', access: looseReaders },
  { method: 'GET', route: '/v1/looseBooking/:key', access: looseReaders, url: () => '/v1/looseBooking/LB99999999' },
  {
    method: 'POST',
    route: '/v1/looseBooking',
    access: ['user'],
    body: () => ({ versions: { BD99999999: 1 }, forwarder: '货代', cfsCutOff: '2099-01-01' }),
  },
  {
    method: 'PATCH',
    route: '/v1/looseBooking/:key',
    access: looseWriters,
    url: () => '/v1/looseBooking/LB99999999',
    body: () => ({ remark: 'x', version: 1 }),
  },
  { method: 'GET', route: '/v1/shipping/bulkdata/compare', access: clerkOnly },
  { method: 'GET', route: '/v1/shipping/bulkdata/compare/summary', access: clerkOnly },
  { method: 'GET', route: '/v1/handover', access: handoverReaders },
  { method: 'GET', route: '/v1/handover/export', access: handoverReaders },
  { method: 'GET', route: '/v1/handover/:key', access: handoverReaders, url: () => '/v1/handover/LB99999999' },
  {
    method: 'PATCH',
    route: '/v1/handover/:key',
    access: handoverWriters,
    url: () => '/v1/handover/LB99999999',
    body: (c) => (c.role === 'inspector' ? { needleChecked: true, version: 1 } : { handedBy: 'x', version: 1 }),
  },
  {
    method: 'POST',
    route: '/v1/osbContainer/:key/scans',
    access: containerWriters,
    url: () => '/v1/osbContainer/CT99999999/scans',
    body: () => ({ sscc: '069012340000000016' }),
  },
  {
    method: 'POST',
    route: '/v1/handover/:key/scans',
    access: clerkOnly,
    url: () => '/v1/handover/LB99999999/scans',
    body: () => ({ sscc: '069012340000000016' }),
  },
  { method: 'GET', route: '/v1/bol', access: bolReaders },
  { method: 'GET', route: '/v1/bol/export', access: bolReaders },
  { method: 'GET', route: '/v1/bol/:key', access: bolReaders, url: () => '/v1/bol/BL99999999' },
  { method: 'GET', route: '/v1/bol/:key/pdf', access: bolReaders, url: () => '/v1/bol/BL99999999/pdf' },
  { method: 'GET', route: '/v1/bol/:key/dcsa', access: bolReaders, url: () => '/v1/bol/BL99999999/dcsa' },
  { method: 'POST', route: '/v1/bol', access: clerkOnly, body: () => ({ containerKeys: ['CT99999999'] }) },
  { method: 'PUT', route: '/v1/bol/:key', access: clerkOnly, url: () => '/v1/bol/BL99999999', body: () => ({ version: 1 }) },
  {
    method: 'PATCH',
    route: '/v1/bol/:key',
    access: bolWriters,
    url: () => '/v1/bol/BL99999999',
    // Each role's own action: the route lets both roles in, the action then belongs to one of them.
    body: (c) => (c.role === 'user' ? { action: 'approve', version: 1 } : { action: 'void', comment: 'x', version: 1 }),
  },
  { method: 'DELETE', route: '/v1/bol/:key', access: clerkOnly, url: () => '/v1/bol/BL99999999', body: () => ({ version: 1 }) },
  {
    method: 'PATCH',
    route: '/v1/bol/:key/userRemark',
    access: ['user'],
    url: () => '/v1/bol/BL99999999/userRemark',
    body: () => ({ userRemark: 'x', version: 1 }),
  },
  { method: 'GET', route: '/v1/tnt/events', access: tntReaders },
  { method: 'POST', route: '/v1/tnt/events', access: tntWriters, body: () => [] },
  { method: 'GET', route: '/v1/tnt/timeline/:planKey', access: tntReaders, url: () => '/v1/tnt/timeline/OP99999999' },
  { method: 'POST', route: '/v1/tnt/milestones', access: ['documentClerk'], body: () => ({}) },
  { method: 'GET', route: '/v1/company/members', access: companyAccess.read as Role[] },
  {
    method: 'DELETE',
    route: '/v1/company/members/:id',
    access: companyAccess.write as Role[],
    url: () => '/v1/company/members/00000000-0000-4000-8000-000000000000',
  },
  { method: 'GET', route: '/v1/company/invitations', access: companyAccess.read as Role[] },
  {
    method: 'POST',
    route: '/v1/company/invitations',
    access: companyAccess.write as Role[],
    body: () => ({ email: 'roles@example.com' }),
  },
  {
    method: 'DELETE',
    route: '/v1/company/invitations/:id',
    access: companyAccess.write as Role[],
    url: () => '/v1/company/invitations/00000000-0000-4000-8000-000000000000',
  },
  { method: 'GET', route: '/v1/companies', access: [...directoryRoles] },
  { method: 'GET', route: '/v1/admin/accounts', access: adminOnly },
  { method: 'GET', route: '/v1/admin/accounts/:id', access: adminOnly, url: (id) => `/v1/admin/accounts/${id}` },
  {
    method: 'PATCH',
    route: '/v1/admin/accounts/:id',
    access: adminOnly,
    url: () => '/v1/admin/accounts/00000000-0000-4000-8000-000000000000',
    body: () => ({ status: 'active', version: 1 }),
  },
  {
    method: 'POST',
    route: '/v1/admin/accounts/:id/password-reset',
    access: adminOnly,
    url: () => '/v1/admin/accounts/00000000-0000-4000-8000-000000000000/password-reset',
  },
  {
    method: 'GET',
    route: '/v1/admin/accounts/:id/sign-ins',
    access: adminOnly,
    url: (id) => `/v1/admin/accounts/${id}/sign-ins`,
  },
];

interface Caller {
  label: string;
  role?: Role;
  id: string;
  mobile: string;
}

const callers: Caller[] = [
  { label: 'nobody', id: '00000000-0000-4000-8000-000000000000', mobile: '13600000000' },
  { label: 'user', role: 'user', id: '', mobile: '13600000001' },
  { label: 'documentClerk', role: 'documentClerk', id: '', mobile: '13600000002' },
  { label: 'inspector', role: 'inspector', id: '', mobile: '13600000003' },
  { label: 'system', role: 'system', id: '', mobile: '13600000004' },
  { label: 'admin', role: 'admin', id: '', mobile: '13600000005' },
];

function expected(access: Access, caller: Caller): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (!caller.role) return 401;
  // `signedIn` is every person; a system account reaches only the routes that name it.
  if (access === 'signedIn') return caller.role === 'system' ? 403 : 'allowed';
  return access.includes(caller.role) ? 'allowed' : 403;
}

let t: TestApp;
const tokens = new Map<Role, string>();
/** A new token of the caller's: a system account never signs in, its token is made as `npm run admin -- system:token` does. */
const tokenOf = (caller: Caller) =>
  caller.role === 'system' ? createSession(t.app.db, caller.id, 24) : t.login(`matrix-${caller.role}`);
beforeAll(async () => {
  t = await createTestApp();
  for (const caller of callers) {
    if (!caller.role) continue;
    caller.id = await t.addUser(`matrix-${caller.role}`, [caller.role]);
    tokens.set(caller.role, await tokenOf(caller));
  }
});
afterAll(() => t.close());

it('lists every registered route, with the access its guard declares', () => {
  const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.access)}`).sort();
  const listed = table.map((r) => `${r.method} ${r.route} ${JSON.stringify(r.access)}`).sort();
  expect(listed).toEqual(registered);
});

describe.each(callers)('as $label', (caller) => {
  it.each(table.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_name, row) => {
    const outcome = expected(row.access, caller);
    const token = caller.role && (row.spendsToken ? await tokenOf(caller) : tokens.get(caller.role));
    const url = row.url ? row.url(caller.id) : row.route;
    const body = outcome === 'allowed' ? row.body?.(caller) : row.body && { unexpected: 'field' };
    const response = await t.call(row.method, url, { token, body });
    if (outcome === 'allowed') {
      expect([401, 403]).not.toContain(response.statusCode);
      expect(response.statusCode).toBeLessThan(500);
    } else {
      expect(response.statusCode).toBe(outcome);
      expect(response.json()).toMatchObject({ success: false, errorCode: outcome === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' });
    }
  });
});
