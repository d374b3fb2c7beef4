/**
 * 出运首页's figures in the mock (GET /v1/user/statistics/shipment), from the store's tables, counted as
 * server/domain/home.ts counts them.
 */
import countBy from 'lodash/countBy';
import groupBy from 'lodash/groupBy';
import sumBy from 'lodash/sumBy';
import { bulkStatuses } from '../contract/packing/codes';
import { declarationDocuments } from '../contract/declaration/schema';
import type { ShipmentStatistics } from '../contract/home/schema';
import { homeLimits, monthFreightOf } from '../contract/home/codes';
import type { BulkLine } from '../contract/packing/schema';
import { lineFreights } from './_freight';
import { calibrationValid } from '../contract/inspection/schema';
import type { User } from '../contract/user/schema';
import { noticesOf, ownsRow, users } from './_demo';
import {
  billsOfLading as bols,
  bulkLines as bulkLineTable,
  calibrations,
  containers,
  declarations,
  heldBy,
  inspections as records,
  looseBookings,
  orders,
  planChanges as changes,
  plans,
  containerNosOf,
} from './_tables';
import { addDays, chinaToday } from '../contract/plan/codes';
import { milestonesOf } from './_tnt';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** The customer's shipped sailings not yet arrived (or arrived in the last two weeks by plan), as home.ts finds them. */
function inTransit(user: User) {
  const since = addDays(chinaToday(), -homeLimits.inTransitDays);
  const arrivals = (planKey: string) =>
    milestonesOf(planKey)
      .filter((m) => !m.supersededBy && m.eventType === 'TRANSPORT' && m.code === 'ARRI')
      .reverse();
  return plans.rows
    .filter((plan) => ownsRow(user, plan.owner) && plan.status === 'SHIPPED' && plan.eta >= since)
    .filter((plan) => !arrivals(plan.key).some((m) => m.classifier === 'ACT'))
    .sort((a, b) => a.eta.localeCompare(b.eta) || a.key.localeCompare(b.key))
    .slice(0, homeLimits.containers)
    .map((plan) => {
      const order = orders.rows.find((row) => row.planKey === plan.key);
      const seen = arrivals(plan.key);
      return {
        planKey: plan.key,
        containerNos: containerNosOf(plan.key),
        pod: plan.pod,
        vessel: order?.vessel ?? '',
        voyage: order?.voyage ?? '',
        plannedArrival: seen.find((m) => m.classifier === 'PLN')?.eventDateTime ?? null,
        expectedArrival: seen.find((m) => m.classifier === 'EST')?.eventDateTime ?? null,
      };
    });
}

/** The boxes of the customer's confirmed and loading plans, with what their lines fill. */
function loadingContainers(user: User) {
  const taking = new Map(plans.rows.filter((plan) => ['CONFIRMED', 'LOADING'].includes(plan.status)).map((p) => [p.key, p]));
  return containers.rows
    .filter((box) => ownsRow(user, box.owner) && taking.has(box.planKey))
    .sort((a, b) => taking.get(a.planKey)!.etd.localeCompare(taking.get(b.planKey)!.etd) || a.key.localeCompare(b.key))
    .slice(0, homeLimits.containers)
    .map((box) => {
      const held = heldBy(box.key);
      return {
        key: box.key,
        planKey: box.planKey,
        containerNo: box.containerNo,
        containerType: box.containerType,
        cbmUsed: round(sumBy(held, 'cbm'), 3),
        cbmCapacity: box.cbmCapacity,
        weightUsed: round(sumBy(held, 'totalGw'), 2),
        payloadKg: box.payloadKg,
      };
    });
}

/** The cut-offs of orders still to ship in the next hours, the earliest first. */
function cutOffs() {
  const from = new Date().toISOString();
  const to = new Date(Date.now() + homeLimits.cutOffHours * 3_600_000).toISOString();
  const live = orders.rows.filter((order) => ['BOOKED', 'RELEASED'].includes(order.status));
  const kinds = [
    ['si', 'siCutoff'],
    ['cy', 'cyCutoff'],
    ['vgm', 'vgmCutoff'],
  ] as const;
  const within = (at: string | null): at is string => at !== null && at >= from && at < to;
  const all = live.flatMap((order) =>
    kinds
      .filter(([, field]) => within(order[field]))
      .map(([kind, field]) => ({ orderKey: order.key, planKey: order.planKey, kind, at: order[field] as string })),
  );
  return {
    cutOffs: all.sort((a, b) => a.at.localeCompare(b.at)).slice(0, homeLimits.cutOffs),
    cutOffCount: live.filter((order) => kinds.some(([, field]) => within(order[field]))).length,
  };
}

/** Inspections and passes of the last days by the factory of each record's first line. */
function passRates() {
  const recent = records.rows.filter((record) => record.inspectedAt >= daysAgo(homeLimits.recentDays));
  const factoryOf = (record: (typeof recent)[number]) =>
    bulkLineTable.rows.find((line) => line.key === record.lines[0]?.key)?.factoryCode ?? '';
  return Object.entries(groupBy(recent, factoryOf))
    .map(([factoryCode, done]) => ({
      factoryCode,
      inspected: done.length,
      passed: done.filter((record) => record.result === 'pass').length,
    }))
    .sort((a, b) => b.inspected - a.inspected || a.factoryCode.localeCompare(b.factoryCode));
}

/** 本月运费: the customer's lines sailing this month (plan ETD, or loose CFS cut-off), each its part, per PO. */
function monthFreight(user: User) {
  const month = chinaToday().slice(0, 7);
  const sailing = (line: BulkLine) => {
    const box = line.containerKey && containers.rows.find((one) => one.key === line.containerKey);
    const plan = box && plans.rows.find((one) => one.key === box.planKey);
    const booking = !box && looseBookings.rows.find((one) => one.key === line.planKey && one.status !== 'CANCELLED');
    return (plan ? plan.etd : booking ? booking.cfsCutOff : '').slice(0, 7) === month;
  };
  const mine = bulkLineTable.visible(user).filter(sailing);
  const shares = lineFreights(mine);
  return monthFreightOf(
    month,
    Object.entries(groupBy(mine, 'poNo')).map(([poNo, ofPo]) => ({
      poNo,
      pieces: sumBy(ofPo, 'totalQty'),
      cnyCents: ofPo.every((line) => shares.get(line.key)?.cny != null)
        ? sumBy(ofPo, (line) => Math.round(shares.get(line.key)!.cny! * 100))
        : null,
    })),
  );
}

const monday = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return new Date(at - ((new Date(at).getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

/** The home page's figures from the mock's tables, as server/domain/home.ts counts them. */
export function statisticsOf(user: User): ShipmentStatistics {
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
      loadingContainers: loadingContainers(user),
      inTransit: inTransit(user),
      monthFreight: monthFreight(user),
    };
  }
  if (user.authority.includes('documentClerk')) {
    statistics.user = { pending: 0, active: 0, disabled: 0, ...countBy(users, 'status') };
    statistics.clerk = {
      ordersToBook: orders.rows.filter((order) => order.status === 'PENDING').length,
      changesToDecide: changes.rows.filter((change) => change.status === 'PENDING').length,
      ...cutOffs(),
      bolsToIssue: bols.rows.filter((bol) => bol.status === 'APPROVED').length,
      handoversMissingDocuments: declarations.rows.filter(
        (row) => row.status === 'PENDING' && declarationDocuments.some((document) => !row.documents[document]),
      ).length,
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
      passRates: passRates(),
      detectorsDue: calibrations
        .filter((calibration) => !calibrationValid(calibration.calibratedAt))
        .map(({ detectorId, calibratedAt }) => ({ detectorId, calibratedAt })),
    };
  }
  return statistics;
}
