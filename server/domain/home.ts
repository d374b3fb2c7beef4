/**
 * GET /v1/user/statistics/shipment: the home page's figures, one section per role the caller holds, read in one
 * statement (each figure a JSON subquery) from indexes and kept counters (bulk_line_counts, bulk_line_weeks,
 * bulk_line_pending_lots, inspection_day_counts, row_counts), so the call stays cheap at a million lines.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { bulkStatuses } from '../../contract/packing/codes';
import { declarationDocuments } from '../../contract/declaration/codes';
import type { Role } from '../../contract/shared/common';
import type { ShipmentStatistics } from '../../contract/home/schema';
import { homeLimits } from '../../contract/home/codes';
import { inspectionLimits } from '../../contract/inspection/codes';
import type { SessionUser } from '../auth/sessionUser';
import { genericPlanned, type Db } from '../db/open';
import {
  bulkLineCounts,
  bulkLinePendingLots,
  bulkLines,
  bulkLineWeeks,
  declarations,
  detectorCalibrations,
  inspectionDayCounts,
  inspections,
  notices,
  osbChanges,
  osbContainers,
  osbOrders,
  osbPlans,
  rowCounts,
  tntEvents,
  users,
} from '../db/schema';
import { runPrepared } from '../db/statements';
import { readsAllLines } from './packing/lines';
import { monthFreight } from './freight/month';

type Figures = Record<string, SQL>;

/** The statement is prepared once per set of roles and run with the caller and the time. */
const owner = sql`${sql.placeholder('owner')}::uuid`;
/** The caller's company: a customer's figures are the company's. */
const company = sql`${sql.placeholder('company')}::text`;
/** The company's accounts, for the counters kept per owner. */
const members = sql`(select u.id from users u where u.company_key = ${company})`;
const now = sql`${sql.placeholder('now')}::timestamptz`;
/** Today in China (UTC+8), the day the business counts in. */
const chinaDay = (at: SQL) => sql`((${at} at time zone 'UTC') + interval '8 hours')::date`;

/** `{ key: n }` of a query answering (key, n) rows. */
const countsOf = (rows: SQL) => sql`(select coalesce(json_object_agg(k, n), '{}') from (${rows}) as c(k, n))`;
/** The rows of a query as a JSON array (in its order). */
const listOf = (rows: SQL) => sql`(select coalesce(json_agg(r), '[]') from (${rows}) as r)`;
const countOf = (rows: SQL) => sql`(select count(*)::int from (${rows}) as r)`;
/** `row_counts` of `entity:STATUS`, by status: of the caller's company, or summed over every owner. */
const statusCounts = (entity: string, own: boolean) =>
  countsOf(sql`select substr(${rowCounts.entity}, ${entity.length + 2}), sum(${rowCounts.n})::int from ${rowCounts}
    where ${rowCounts.entity} like ${`${entity}:%`} ${own ? sql`and ${rowCounts.owner} in ${members}` : sql``}
    group by 1 having sum(${rowCounts.n}) > 0`);

function everyone(readsAllLines: boolean): Figures {
  return {
    notice: sql`(select json_build_object('read', count(*) filter (where ${notices.read}), 'unread', count(*) filter (where not ${notices.read}))
      from ${notices} where ${notices.userId} = ${owner})`,
    // The caller's company's lines, or everyone's for the clerk and the inspector.
    packing: countsOf(sql`select ${bulkLineCounts.status}, sum(${bulkLineCounts.n})::int from ${bulkLineCounts}
      ${readsAllLines ? sql`` : sql`where ${bulkLineCounts.owner} in ${members}`} group by 1`),
  };
}

function customer(): Figures {
  // The latest weeks with goods up to a few weeks ahead (a mistyped far-off date does not push the rest out).
  const weeksBefore = sql`date_trunc('week', ${now} at time zone 'UTC')::date + ${(homeLimits.weeksAhead + 1) * 7}::int`;
  return {
    weeks: sql`(select coalesce(json_agg(w order by w.week), '[]') from (
      select to_char(${bulkLineWeeks.week}, 'YYYY-MM-DD') as week, sum(${bulkLineWeeks.lines})::int as lines,
        sum(${bulkLineWeeks.cartons})::int as cartons, sum(${bulkLineWeeks.cbm})::float8 as cbm
      from ${bulkLineWeeks} where ${bulkLineWeeks.owner} in ${members} and ${bulkLineWeeks.week} < ${weeksBefore}
      group by ${bulkLineWeeks.week} having sum(${bulkLineWeeks.lines}) > 0
      order by ${bulkLineWeeks.week} desc limit ${homeLimits.weeks}) as w)`,
    plans: statusCounts('plan', true),
    bolsToConfirm: sql`coalesce((${statusCounts('bol', true)} ->> 'PENDING_APPROVAL')::int, 0)`,
    failedInspections: sql`(select count(*)::int from ${inspections} where ${inspections.ownerCompany} = ${company}
      and ${inspections.result} = 'fail' and ${inspections.inspectedAt} >= ${now} - make_interval(days => ${homeLimits.recentDays}))`,
    // The boxes of the customer's confirmed and loading plans, with what their lines fill.
    loadingContainers: listOf(sql`select ${osbContainers.key} as key, ${osbContainers.planKey} as "planKey",
        ${osbContainers.containerNo} as "containerNo", ${osbContainers.containerType} as "containerType",
        coalesce(round(held.cbm::numeric, 3), 0)::float8 as "cbmUsed", ${osbContainers.cbmCapacity} as "cbmCapacity",
        coalesce(round(held.gw::numeric, 2), 0)::float8 as "weightUsed", ${osbContainers.payloadKg} as "payloadKg"
      from ${osbContainers} join ${osbPlans} on ${osbPlans.key} = ${osbContainers.planKey}
      left join lateral (select sum(${bulkLines.cbm}) as cbm, sum(${bulkLines.totalGw}) as gw from ${bulkLines}
        where ${bulkLines.containerKey} = ${osbContainers.key}) as held on true
      where ${osbContainers.ownerCompany} = ${company} and ${osbPlans.status} in ('CONFIRMED', 'LOADING')
      order by ${osbPlans.etd}, ${osbContainers.key} limit ${homeLimits.containers}`),
    inTransit: listOf(sql`select ${osbPlans.key} as "planKey", ${osbPlans.pod} as pod,
        coalesce(${osbOrders.vessel}, '') as vessel, coalesce(${osbOrders.voyage}, '') as voyage,
        (select coalesce(json_agg(c.container_no order by c.key), '[]') from ${osbContainers} c
          where c.plan_key = ${osbPlans.key} and c.container_no is not null) as "containerNos",
        ${arrival(sql`('PLN')`)} as "plannedArrival", ${arrival(sql`('ACT', 'EST')`)} as "expectedArrival"
      from ${osbPlans} left join ${osbOrders} on ${osbOrders.planKey} = ${osbPlans.key}
      where ${osbPlans.ownerCompany} = ${company} and ${osbPlans.status} = 'SHIPPED'
        and ${osbPlans.eta} >= (${chinaDay(now)} - ${homeLimits.inTransitDays}::int)
        and not exists (select 1 from ${tntEvents} a where a.plan_key = ${osbPlans.key} and a.event_type = 'TRANSPORT'
          and a.code = 'ARRI' and a.classifier = 'ACT' and a.superseded_by is null)
      order by ${osbPlans.eta}, ${osbPlans.key} limit ${homeLimits.containers}`),
  };
}

/** A plan's standing arrival of the classifiers given (an actual one before an estimate), as ISO text. */
const arrival = (classifiers: SQL) => sql`(select to_char(e.event_date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  from ${tntEvents} e where e.plan_key = ${osbPlans.key} and e.event_type = 'TRANSPORT' and e.code = 'ARRI'
    and e.classifier in ${classifiers} and e.superseded_by is null
  order by e.classifier = 'ACT' desc, e.seq desc limit 1)`;

const cutOffColumns = { si: osbOrders.siCutoff, cy: osbOrders.cyCutoff, vgm: osbOrders.vgmCutoff };

/** Orders still to ship with a cut-off (截单, 截关, VGM) at or after `from` and before `to` (timestamptz SQL). */
export function cutOffsWithin(from: SQL, to: SQL) {
  const live = sql`${osbOrders.status} in ('BOOKED', 'RELEASED')`;
  const within = (column: PgColumn) => sql`${column} >= ${from} and ${column} < ${to}`;
  const each = Object.entries(cutOffColumns).map(
    ([
      kind,
      column,
    ]) => sql`(select ${osbOrders.key} as "orderKey", ${osbOrders.planKey} as "planKey", ${osbOrders.owner} as owner,
      ${kind} as kind, ${column} as at from ${osbOrders} where ${live} and ${within(column)})`,
  );
  return {
    count: sql`(select count(*)::int from ${osbOrders} where ${live} and (${sql.join(Object.values(cutOffColumns).map(within), sql` or `)}))`,
    rows: sql.join(each, sql` union all `),
  };
}

function clerk(): Figures {
  const cutOffs = cutOffsWithin(now, sql`${now} + make_interval(hours => ${homeLimits.cutOffHours})`);
  const complete = sql.join(
    declarationDocuments.map((document) => sql`coalesce((${declarations.documents} ->> ${document})::boolean, false)`),
    sql` and `,
  );
  return {
    ordersToBook: sql`(select count(*)::int from ${osbOrders} where ${osbOrders.status} = 'PENDING')`,
    changesToDecide: sql`(select count(*)::int from ${osbChanges} where ${osbChanges.status} = 'PENDING')`,
    cutOffs: listOf(sql`select "orderKey", "planKey", kind, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from (${cutOffs.rows}) as cut order by cut.at limit ${homeLimits.cutOffs}`),
    cutOffCount: cutOffs.count,
    bolsToIssue: sql`coalesce((${statusCounts('bol', false)} ->> 'APPROVED')::int, 0)`,
    handoversMissingDocuments: sql`(select count(*)::int from ${declarations} where ${declarations.status} = 'PENDING' and not (${complete}))`,
    accounts: countsOf(sql`select ${users.status}, count(*)::int from ${users} group by 1`),
  };
}

function inspector(): Figures {
  return {
    lotsWaiting: countOf(sql`select 1 from ${bulkLinePendingLots} limit ${homeLimits.lotCap + 1}`),
    today: sql`(select json_build_object('inspected', coalesce(sum(${inspectionDayCounts.inspected}), 0)::int,
        'passed', coalesce(sum(${inspectionDayCounts.passed}), 0)::int)
      from ${inspectionDayCounts} where ${inspectionDayCounts.day} = ${chinaDay(now)})`,
    passRates:
      listOf(sql`select ${inspectionDayCounts.factoryCode} as "factoryCode", sum(${inspectionDayCounts.inspected})::int as inspected,
        sum(${inspectionDayCounts.passed})::int as passed
      from ${inspectionDayCounts} where ${inspectionDayCounts.day} > ${chinaDay(now)} - ${homeLimits.recentDays}::int
      group by 1 having sum(${inspectionDayCounts.inspected}) > 0 order by 2 desc, 1`),
    detectorsDue: listOf(sql`select ${detectorCalibrations.detectorId} as "detectorId",
        to_char(max(${detectorCalibrations.calibratedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "calibratedAt"
      from ${detectorCalibrations} group by 1
      having max(${detectorCalibrations.calibratedAt}) < ${now} - make_interval(mins => ${inspectionLimits.calibrationWindowMinutes})
      order by 2`),
  };
}

/** The one statement of a set of roles: each figure a column. */
function homeQuery(db: Db, roles: readonly Role[], readsAllLines: boolean) {
  const figures: Figures = {
    ...everyone(readsAllLines),
    ...(roles.includes('user') ? customer() : {}),
    ...(roles.includes('documentClerk') ? clerk() : {}),
    ...(roles.includes('inspector') ? inspector() : {}),
  };
  return db
    .select(Object.fromEntries(Object.entries(figures).map(([name, figure]) => [name, sql<never>`${figure}`])))
    .from(sql`(select 1) as one`);
}

export async function shipmentStatistics(db: Db, caller: SessionUser, at = Date.now()): Promise<ShipmentStatistics> {
  const has = (role: Role) => caller.roles.includes(role);
  const readsAll = readsAllLines(caller);
  const roles = [...caller.roles].sort();
  // Prepared once per set of roles, on a generic plan: planning it costs more than running it, and none of its
  // figures needs a plan made for the caller's values.
  const planned = genericPlanned(db);
  const [row] = await runPrepared(planned, `home:${roles.join(',')}:${readsAll}`, () => homeQuery(planned, roles, readsAll), {
    owner: caller.id,
    company: caller.company ?? null,
    now: new Date(at).toISOString(),
  });
  const statistics: ShipmentStatistics = {
    notice: row.notice,
    packing: { ...Object.fromEntries(bulkStatuses.map((status) => [status, 0])), ...(row.packing as object) },
  };
  if (has('user')) {
    const { weeks, plans, bolsToConfirm, failedInspections, loadingContainers, inTransit } = row;
    const monthly = await monthFreight(db, caller, at);
    statistics.customer = {
      weeks,
      plans,
      bolsToConfirm,
      failedInspections,
      loadingContainers,
      inTransit,
      monthFreight: monthly,
    };
  }
  if (has('documentClerk')) {
    const { ordersToBook, changesToDecide, cutOffs, cutOffCount, bolsToIssue, handoversMissingDocuments } = row;
    statistics.user = { pending: 0, active: 0, disabled: 0, ...(row.accounts as object) };
    statistics.clerk = { ordersToBook, changesToDecide, cutOffs, cutOffCount, bolsToIssue, handoversMissingDocuments };
  }
  if (has('inspector')) {
    const lots: number = row.lotsWaiting;
    const today: { inspected: number; passed: number } = row.today;
    statistics.inspector = {
      lotsWaiting: { n: Math.min(lots, homeLimits.lotCap), capped: lots > homeLimits.lotCap },
      inspectedToday: today.inspected,
      passedToday: today.passed,
      passRates: row.passRates,
      detectorsDue: row.detectorsDue,
    };
  }
  return statistics;
}
