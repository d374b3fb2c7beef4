/** Mock of the user calls (contract/user.ts) for `npm run dev` without a server. */
import countBy from 'lodash/countBy';
import groupBy from 'lodash/groupBy';
import sumBy from 'lodash/sumBy';
import { bulkStatuses } from '../contract/bulkCodes';
import type { ShipmentStatistics } from '../contract/home';
import type { User } from '../contract/user';
import { userAccess, userEndpoints } from '../contract/user';
import { DEMO_PASSWORD, findUser, noticesOf, users, withCounts } from './_demo';
import { mockEndpoints, pageOf, refuse } from './_resource';
import {
  billsOfLading as bols,
  bulkLines as bulkLineTable,
  inspections as records,
  orders,
  planChanges as changes,
  plans,
} from './_tables';

const monday = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return new Date(at - ((new Date(at).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

/**
 * The home page's figures from the mock's tables, in the server's shape (server/domain/statistics.ts). Figures the
 * mock keeps no rows for (cut-offs, calibrations) are empty: `npm run dev:api` answers them all.
 */
function statisticsOf(user: User): ShipmentStatistics {
  const unread = noticesOf(user).filter((notice) => !notice.read).length;
  const lines = bulkLineTable.visible(user);
  const statistics: ShipmentStatistics = {
    notice: { read: noticesOf(user).length - unread, unread },
    packing: { ...Object.fromEntries(bulkStatuses.map((status) => [status, 0])), ...countBy(lines, 'status') },
  };
  if (user.authority.includes('user')) {
    const weeks = groupBy(lines, (line) => monday(line.exFactoryDate));
    statistics.customer = {
      weeks: Object.keys(weeks)
        .sort()
        .map((week) => ({
          week,
          lines: weeks[week].length,
          cartons: sumBy(weeks[week], 'cartonCount'),
          cbm: Math.round(sumBy(weeks[week], 'cbm') * 1000) / 1000,
        })),
      plans: countBy(plans.visible(user), 'status'),
      bolsToConfirm: bols.visible(user).filter((bol) => bol.status === 'PENDING_APPROVAL').length,
      failedInspections: records.visible(user).filter((record) => record.result === 'fail').length,
      loadingContainers: [],
    };
  }
  if (user.authority.includes('documentClerk')) {
    statistics.user = { pending: 0, active: 0, disabled: 0, ...countBy(users, 'status') };
    statistics.clerk = {
      ordersToBook: orders.rows.filter((order) => order.status === 'PENDING').length,
      changesToDecide: changes.rows.filter((change) => change.status === 'PENDING').length,
      cutOffs: [],
      cutOffCount: 0,
      bolsToIssue: bols.rows.filter((bol) => bol.status === 'APPROVED').length,
      handoversMissingDocuments: 0,
    };
  }
  if (user.authority.includes('inspector')) {
    const done = records.rows.filter((record) => record.inspectedAt.slice(0, 10) === new Date().toISOString().slice(0, 10));
    statistics.inspector = {
      lotsWaiting: {
        n: new Set(lines.filter((line) => line.status === 'pendingInspection').map((line) => line.poNo)).size,
        capped: false,
      },
      inspectedToday: done.length,
      passedToday: done.filter((record) => record.result === 'pass').length,
      passRates: [],
      detectorsDue: [],
    };
  }
  return statistics;
}

/** The account a caller names: their own, or anyone's for the clerk (403 for another's, as the server). */
function named(user: User, idOrName: string): User {
  const found = findUser(idOrName);
  const clerk = user.authority.includes('documentClerk');
  if (found?.id !== user.id && !clerk) throw refuse(403, 'FORBIDDEN', '没有权限执行此操作');
  if (!found) throw refuse(404, 'NOT_FOUND', '用户不存在');
  return found;
}

export default mockEndpoints(userEndpoints, userAccess, '用户不存在', {
  list: ({ query }) => pageOf(users.map(withCounts), query),
  current: ({ user }) => withCounts(user),
  get: ({ user, params }) => withCounts(named(user, params.idOrName)),
  patch: ({ user, params, body }) => {
    if (named(user, params.idOrName).id !== user.id) throw refuse(403, 'FORBIDDEN', '只能修改自己的资料');
    return withCounts(Object.assign(user, body));
  },
  changePassword: ({ body }) => {
    if (body.oldPassword !== DEMO_PASSWORD) throw refuse(422, 'VALIDATION_FAILED', '原密码错误', { oldPassword: '原密码错误' });
    return { success: true, revoked: 0 };
  },
  signOutOthers: () => ({ success: true, deleted: 0 }),
  statistics: ({ user }) => statisticsOf(user),
});
