/**
 * 装柜 / 移出柜: PATCH /v1/bulkslist with a container loads lines into it, with null takes them out again; all or
 * nothing, by the rules of contract/shared/consolidation.ts. The plan, then the box are locked before the lines (the
 * order a plan change takes too), so that parallel loads into one box run one after the other and never fill it
 * past its capacity. The first line loaded moves the plan to 装柜中.
 */
import { eq } from 'drizzle-orm';
import { changesAll, type AccessPolicy } from '../../../contract/shared/access';
import { bulkAccess, type BulkLine, type BulkLoad } from '../../../contract/packing/schema';
import {
  assertBoxOpen,
  assertLoadable,
  assertLoadInto,
  assertUnloadable,
  dischargeOf,
} from '../../../contract/shared/consolidation';
import { containerAccess } from '../../../contract/container/schema';
import { RuleError } from '../../../contract/shared/ruleError';
import type { SessionUser } from '../../auth/sessionUser';
import type { Db } from '../../db/open';
import { bulkLines, osbContainers } from '../../db/schema';
import { lineChanges, withOwnerNames } from '../packing/lines';
import { forgetScans } from '../carton/scans';
import { containerRows } from './containers';
import { planRows } from '../plan/rows';
import { settingValue } from '../setting';
import { ownsRow } from '../ownership';

const scopeOf = (caller: SessionUser, policy: AccessPolicy) => (changesAll(policy, caller.roles) ? undefined : caller);

/** PATCH /v1/bulkslist `{ keys, versions, containerKey }` → the lines after. */
export async function loadBulkLines(db: Db, caller: SessionUser, input: BulkLoad): Promise<BulkLine[]> {
  return db.transaction(async (tx) => {
    const rows =
      input.containerKey === null
        ? await unload(tx, caller, input)
        : await load(tx, caller, { ...input, containerKey: input.containerKey });
    return withOwnerNames(tx, caller, rows);
  });
}

async function load(tx: Db, caller: SessionUser, input: BulkLoad & { containerKey: string }) {
  const [found] = await tx
    .select({ planKey: osbContainers.planKey, owner: osbContainers.owner, ownerCompany: osbContainers.ownerCompany })
    .from(osbContainers)
    .where(eq(osbContainers.key, input.containerKey));
  const scope = scopeOf(caller, containerAccess);
  if (!found || (scope !== undefined && !ownsRow(found, scope))) throw new RuleError(404, 'NOT_FOUND', '柜不存在');
  const [plan] = await planRows.lock(tx, [found.planKey]);
  const [box] = await containerRows.lock(tx, [input.containerKey]);
  const lines = await lineChanges.lock(tx, input.keys, scopeOf(caller, bulkAccess));
  lineChanges.assertVersions(lines, input.versions);
  assertLoadInto(plan, lines);
  assertBoxOpen(box);
  // One after another: a transaction's client runs one statement at a time (pg refuses overlapping ones from v9).
  const held = await tx
    .select({ cbm: bulkLines.cbm, totalGw: bulkLines.totalGw })
    .from(bulkLines)
    .where(eq(bulkLines.containerKey, box.key));
  const ports = await settingValue(tx, 'ports');
  const rules = await settingValue(tx, 'consolidation');
  assertLoadable(lines, {
    label: box.containerNo ?? box.key,
    held,
    capacity: { cbm: box.cbmCapacity, payloadKg: box.payloadKg },
    fillFactor: rules.fillFactorPercent / 100,
    pod: dischargeOf(ports, plan.pod),
  });
  const into = { status: 'allocated', planKey: plan.key, containerKey: box.key } as const;
  const loaded = await lineChanges.changeMany(tx, caller.id, lines, into, 'allocate');
  if (plan.status === 'CONFIRMED') await planRows.change(tx, caller.id, plan, { status: 'LOADING' });
  return loaded;
}

async function unload(tx: Db, caller: SessionUser, input: BulkLoad) {
  const lines = await lineChanges.lock(tx, input.keys, scopeOf(caller, bulkAccess));
  lineChanges.assertVersions(lines, input.versions);
  assertUnloadable(lines);
  const boxKeys = [...new Set(lines.map((line) => line.containerKey).filter((key) => key !== null))];
  const boxes = await containerRows.lock(tx, boxKeys);
  boxes.forEach(assertBoxOpen);
  // Lines taken out of a container take their scans along: the container counts what it still holds.
  for (const box of boxes) {
    const keys = lines.filter((line) => line.containerKey === box.key).map((line) => line.key);
    const forgotten = await forgetScans(tx, box.key, keys);
    if (forgotten) {
      await containerRows.change(tx, caller.id, box, { cartonsScanned: box.cartonsScanned - forgotten }, 'unload');
    }
  }
  const out = { status: 'pendingConsolidation', planKey: null, containerKey: null } as const;
  return lineChanges.changeMany(tx, caller.id, lines, out, 'unload');
}
