/**
 * 运费 of a container, read whenever asked (contract/container/freight.ts): the plan's locked price, the surcharges
 * and rates of the settings, the lines it holds in loading order. For a box being loaded and, once shipped, for
 * the lines' pages.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { readsAll } from '../../../contract/shared/access';
import { containerFreight, type ContainerFreight, type FreightBasis, type FreightLine } from '../../../contract/freight/codes';
import { containerAccess } from '../../../contract/container/schema';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { bulkLines, osbContainers, osbPlans } from '../../db/schema';
import { notFound } from '../refusals';
import { settingValue } from '../setting';
import { ownRows } from '../ownership';

/**
 * The lines `where` picks (those of a box, or of a loose booking) in the order a split takes them (updated_at, then
 * key, as lineFreightSql does), with what the split reads of them.
 */
export async function freightLines(db: Db, where: SQL): Promise<FreightLine[]> {
  return db
    .select({
      key: bulkLines.key,
      poNo: bulkLines.poNo,
      cbm: bulkLines.cbm,
      totalGw: bulkLines.totalGw,
      totalQty: bulkLines.totalQty,
    })
    .from(bulkLines)
    .where(where)
    .orderBy(asc(bulkLines.updatedAt), asc(bulkLines.key));
}

/** The freight of a box of plan `planKey`, split by its basis over `lines` (the box's, in loading order). */
export async function freightOfBox(
  db: Db,
  box: { planKey: string; freightBasis: FreightBasis },
  lines: readonly FreightLine[],
): Promise<ContainerFreight> {
  const [[plan], surcharges, rates] = await Promise.all([
    db
      .select({
        priceSnapshot: osbPlans.priceSnapshot,
        carrier: osbPlans.carrier,
        pol: osbPlans.pol,
        pod: osbPlans.pod,
        etd: osbPlans.etd,
      })
      .from(osbPlans)
      .where(eq(osbPlans.key, box.planKey)),
    settingValue(db, 'surcharges'),
    settingValue(db, 'exchangeRates'),
  ]);
  return containerFreight({
    price: plan.priceSnapshot,
    lane: { carrier: plan.carrier, pol: plan.pol, pod: plan.pod, etd: plan.etd },
    surcharges,
    rates,
    basis: box.freightBasis,
    lines,
  });
}

/** GET /v1/osbContainer/{key}/freight — any box the caller may read, loading or shipped; 404 otherwise. */
export async function containerFreightOf(db: Db, caller: SessionUser, key: string): Promise<ContainerFreight> {
  const owner = readsAll(containerAccess, caller.roles) ? undefined : ownRows(osbContainers, caller);
  const [box] = await db
    .select({ key: osbContainers.key, planKey: osbContainers.planKey, freightBasis: osbContainers.freightBasis })
    .from(osbContainers)
    .where(and(eq(osbContainers.key, key), owner));
  if (!box) throw notFound('柜不存在');
  return freightOfBox(db, box, await freightLines(db, eq(bulkLines.containerKey, key)));
}
