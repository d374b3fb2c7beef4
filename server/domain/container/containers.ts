/**
 * 柜: the containers of a confirmed plan, at most its quantity, each of the plan's type with the capacity of the
 * `containerCapacity` setting when it was added. Numbers may come later; a number is unique among active
 * containers. Versioned and audited like every business row; an empty container may be removed.
 */
import { and, asc, count, eq, inArray, isNull, ne, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import { changesAll, readsAll } from '../../../contract/shared/access';
import { cartonAccess, type ScanAnswer } from '../../../contract/carton/schema';
import { assertCartonBelongs, cartonContainerText, scannedLine } from '../../../contract/carton/codes';
import { assertBoxOpen, containerFill, takesGoods } from '../../../contract/shared/consolidation';
import { freightBasisRefusal } from '../../../contract/freight/codes';
import {
  containerAccess,
  type Container,
  type containerCreateSchema,
  type ContainerDetail,
  type containerListQuerySchema,
  type OpenContainer,
  type containerUpdateSchema,
} from '../../../contract/container/schema';
import type { DeleteResult } from '../../../contract/shared/common';
import { planStatusLabels } from '../../../contract/plan/codes';
import { RuleError } from '../../../contract/shared/ruleError';
import type { SessionUser } from '../../auth/sessionUser';
import { audit } from '../../db/audit';
import { rowShape } from '../../db/rowShape';
import type { Db } from '../../db/open';
import { bulkLines, osbContainers, osbPlans, type ContainerRow } from '../../db/schema';
import { notFound } from '../refusals';
import type { ListAnswer } from '../list';
import { recordScan, scannedByLine } from '../carton/scans';
import { planRows } from '../plan/rows';
import { settingValue } from '../setting';
import { freightOfBox } from '../freight/container';
import { versioned } from '../versioned';
import { ownRows } from '../ownership';

/** The audit log's name for these rows. */
export const ENTITY = 'container';
const shape = rowShape<typeof osbContainers, Container>(osbContainers, ['active']);
const toContainer = (row: ContainerRow): Container => shape.toApi(row);
export const containerRows = versioned({ table: osbContainers, entity: ENTITY, label: '柜', toApi: toContainer });

/** Whose plans the caller may change: their own, unless the policy lets them change every owner's. */
const writeScope = (caller: SessionUser) => (changesAll(containerAccess, caller.roles) ? undefined : caller);

/** A plan's containers, in the order they were added. */
export async function containersOf(db: Db, planKey: string): Promise<Container[]> {
  const rows = await db.select().from(osbContainers).where(eq(osbContainers.planKey, planKey)).orderBy(asc(osbContainers.key));
  return rows.map(toContainer);
}

/** GET /v1/osbContainer — the containers of the caller's confirmed and loading plans, the earliest sailing first. */
export async function listOpenContainers(
  db: Db,
  caller: SessionUser,
  query: z.output<typeof containerListQuerySchema> & { key?: string },
): Promise<ListAnswer<OpenContainer>> {
  const where = and(
    inArray(osbPlans.status, ['CONFIRMED', 'LOADING']),
    readsAll(containerAccess, caller.roles) ? undefined : ownRows(osbContainers, caller),
    query.planKey === undefined ? undefined : eq(osbContainers.planKey, query.planKey),
    query.key === undefined ? undefined : eq(osbContainers.key, query.key),
    query.unbilled === undefined
      ? undefined
      : and(
          isNull(osbContainers.bolKey),
          sql`exists (select 1 from ${bulkLines} where ${bulkLines.containerKey} = ${osbContainers.key})`,
        ),
  );
  const held = db
    .select({
      lineCount: sql<number>`count(*)`.mapWith(Number).as('line_count'),
      cbmUsed: sql<number>`coalesce(round(sum(${bulkLines.cbm})::numeric, 3), 0)`.mapWith(Number).as('cbm_used'),
      weightUsed: sql<number>`coalesce(round(sum(${bulkLines.totalGw})::numeric, 2), 0)`.mapWith(Number).as('weight_used'),
    })
    .from(bulkLines)
    .where(eq(bulkLines.containerKey, osbContainers.key))
    .as('held');
  const [rows, [{ n }], rules] = await Promise.all([
    db
      .select({
        row: osbContainers,
        plan: { status: osbPlans.status, pod: osbPlans.pod, etd: osbPlans.etd, carrier: osbPlans.carrier },
        held: { lineCount: held.lineCount, cbmUsed: held.cbmUsed, weightUsed: held.weightUsed },
      })
      .from(osbContainers)
      .innerJoin(osbPlans, eq(osbPlans.key, osbContainers.planKey))
      .leftJoinLateral(held, sql`true`)
      .where(where)
      .orderBy(asc(osbPlans.etd), asc(osbContainers.key))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ n: count() }).from(osbContainers).innerJoin(osbPlans, eq(osbPlans.key, osbContainers.planKey)).where(where),
    settingValue(db, 'consolidation'),
  ]);
  const data = rows.map(({ row, plan, held: figures }) => ({
    ...toContainer(row),
    planStatus: plan.status as OpenContainer['planStatus'],
    ...{ pod: plan.pod, etd: plan.etd, carrier: plan.carrier },
    ...figures,
    cbmLimit: containerFill([], { cbm: row.cbmCapacity, payloadKg: row.payloadKg }, rules.fillFactorPercent / 100).cbmLimit,
  }));
  return { data, total: n, success: true, current: query.current, pageSize: query.pageSize };
}

/** An open box the caller may read, with its lines in loading order; 404 otherwise. */
export async function openBoxWithLines(db: Db, caller: SessionUser, key: string): Promise<Omit<ContainerDetail, 'freight'>> {
  const [box] = (await listOpenContainers(db, caller, { current: 1, pageSize: 1, key })).data;
  if (!box) throw notFound('柜不存在');
  const lines = await db
    .select({
      ...{ key: bulkLines.key, poNo: bulkLines.poNo, styleNo: bulkLines.styleNo, colour: bulkLines.colour },
      ...{ cartonFrom: bulkLines.cartonFrom, cartonTo: bulkLines.cartonTo, cartonCount: bulkLines.cartonCount },
      ...{ totalQty: bulkLines.totalQty, totalNw: bulkLines.totalNw, totalGw: bulkLines.totalGw, cbm: bulkLines.cbm },
      ...{ destination: bulkLines.destination, version: bulkLines.version },
      ...{ ctnL: bulkLines.ctnL, ctnW: bulkLines.ctnW, ctnH: bulkLines.ctnH, gwPerCtn: bulkLines.gwPerCtn },
    })
    .from(bulkLines)
    .where(eq(bulkLines.containerKey, key))
    .orderBy(asc(bulkLines.updatedAt), asc(bulkLines.key));
  const scanned = await scannedByLine(db, key);
  return { ...box, lines: lines.map((line) => scannedLine(line, scanned.get(line.key) ?? [])) };
}

/** GET /v1/osbContainer/{key} — the open box with its lines and its freight split over them. */
export async function getOpenContainer(db: Db, caller: SessionUser, key: string): Promise<ContainerDetail> {
  const box = await openBoxWithLines(db, caller, key);
  return { ...box, freight: await freightOfBox(db, box, box.lines) };
}

/**
 * POST /v1/osbContainer/{key}/scans — a carton scanned as it goes into the container: counted once (a repeat answers
 * `repeated`), a carton whose line is not loaded into this container refused with where it is. The container row is
 * locked (recordScan), so that two scanners at one door count each carton once.
 */
export async function scanIntoContainer(db: Db, caller: SessionUser, key: string, sscc: string): Promise<ScanAnswer> {
  const scope = readsAll(cartonAccess, caller.roles) ? undefined : caller;
  return recordScan(db, { place: key, sscc, scope, actor: caller.id }, async (tx, carton) => {
    const [box] = await containerRows.lock(tx, [key], writeScope(caller), { prepared: true });
    assertBoxOpen(box);
    assertCartonBelongs(carton, carton.containerKey, {
      key,
      label: `此柜 ${box.containerNo ?? box.key}`,
      where: cartonContainerText(carton.containerKey),
    });
    const changes = { cartonsScanned: box.cartonsScanned + 1 };
    const expected = (place: Placeholder) =>
      sql<number>`(select coalesce(sum(${bulkLines.cartonCount}), 0) from ${bulkLines} where ${bulkLines.containerKey} = ${place})`;
    return { rows: containerRows, row: box, changes, expected };
  });
}

/** 409 naming the container that already carries `containerNo`. */
async function assertNumberFree(tx: Db, containerNo: string | null | undefined, except?: string) {
  if (!containerNo) return;
  const [taken] = await tx
    .select({ key: osbContainers.key })
    .from(osbContainers)
    .where(
      and(
        eq(osbContainers.containerNo, containerNo),
        eq(osbContainers.active, true),
        except ? ne(osbContainers.key, except) : undefined,
      ),
    );
  if (taken)
    throw new RuleError(409, 'CONTAINER_NO_TAKEN', `箱号 ${containerNo} 已用于柜 ${taken.key}`, {
      containerNo: `箱号 ${containerNo} 已用于柜 ${taken.key}`,
    });
}

/** POST /v1/osbplan/{planKey}/container */
export async function addContainer(
  db: Db,
  caller: SessionUser,
  planKey: string,
  input: z.output<typeof containerCreateSchema>,
): Promise<Container> {
  return db.transaction(async (tx) => {
    // The plan is locked: two containers added at once cannot pass its quantity.
    const [plan] = await planRows.lock(tx, [planKey], writeScope(caller));
    if (!takesGoods(plan.status)) {
      throw new RuleError(
        409,
        'ILLEGAL_TRANSITION',
        `订舱计划 ${planKey} 当前为「${planStatusLabels[plan.status]}」，确认后才能添加柜`,
      );
    }
    const [{ n }] = await tx.select({ n: count() }).from(osbContainers).where(eq(osbContainers.planKey, planKey));
    if (n >= plan.quantity) throw new RuleError(409, 'PLAN_FULL', `订舱计划 ${planKey} 订了 ${plan.quantity} 柜，已全部添加`);
    await assertNumberFree(tx, input.containerNo);
    const capacity = (await settingValue(tx, 'containerCapacity'))[plan.containerType];
    const [row] = await tx
      .insert(osbContainers)
      .values({
        ...input,
        planKey,
        containerType: plan.containerType,
        cbmCapacity: capacity.cbm,
        payloadKg: capacity.payloadKg,
        owner: plan.owner,
      })
      .returning();
    await audit(tx, { actor: caller.id, entity: ENTITY, entityKey: row.key, after: toContainer(row) });
    return toContainer(row);
  });
}

/** The container `key` of plan `planKey`, locked for the caller's change; 404 alike for missing and not theirs. */
async function lockContainer(tx: Db, caller: SessionUser, planKey: string, key: string, version: number) {
  const [row] = await containerRows.lock(tx, [key], writeScope(caller));
  if (row.planKey !== planKey) throw notFound('柜不存在');
  containerRows.assertVersions([row], { [key]: version });
  return row;
}

/** PUT /v1/osbplan/{planKey}/container/{key} */
export async function updateContainer(
  db: Db,
  caller: SessionUser,
  planKey: string,
  key: string,
  input: z.output<typeof containerUpdateSchema>,
): Promise<Container> {
  const { version, ...changes } = input;
  return db.transaction(async (tx) => {
    const row = await lockContainer(tx, caller, planKey, key, version);
    const refusal = freightBasisRefusal(changesAll(containerAccess, caller.roles), row.freightBasis, changes.freightBasis);
    if (refusal) throw new RuleError(403, 'FORBIDDEN', refusal, { freightBasis: refusal });
    await assertNumberFree(tx, changes.containerNo, key);
    return toContainer(await containerRows.change(tx, caller.id, row, changes));
  });
}

/** DELETE /v1/osbplan/{planKey}/container/{key} — only an empty container. */
export async function removeContainer(
  db: Db,
  caller: SessionUser,
  planKey: string,
  key: string,
  version: number,
): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const row = await lockContainer(tx, caller, planKey, key, version);
    const [{ n }] = await tx.select({ n: count() }).from(bulkLines).where(eq(bulkLines.containerKey, key));
    if (n > 0) throw new RuleError(409, 'CONTAINER_LOADED', `柜 ${key} 已装 ${n} 条明细，请先卸柜`);
    await tx.delete(osbContainers).where(eq(osbContainers.key, key));
    await audit(tx, { actor: caller.id, entity: ENTITY, entityKey: key, before: toContainer(row) });
    return { success: true, deleted: 1 };
  });
}
