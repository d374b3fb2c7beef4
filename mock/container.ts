/** Mock of 柜 for `npm run dev`: the containers of the mock's confirmed plans, with the contract's number check. */
import type { BulkLoad } from '../contract/packing/schema';
import {
  assertBoxOpen,
  assertLoadable,
  assertLoadInto,
  assertUnloadable,
  containerFill,
  dischargeOf,
  takesGoods,
} from '../contract/shared/consolidation';
import { changesAll, readsAll } from '../contract/shared/access';
import { cartonAccess } from '../contract/carton/schema';
import { assertCartonBelongs, cartonContainerText, scannedLine } from '../contract/carton/codes';
import { containerAccess, containerEndpoints } from '../contract/container/schema';
import { loadListFileName } from '../contract/container/codes';
import { loadListRows } from '../contract/container/loadList';
import { loadPlanAnswer, loadPlanRows } from '../contract/container/loadPlanView';
import { freightBasisRefusal } from '../contract/freight/codes';
import { freightOfBox, heldInOrder, withPlanFreight } from './_freight';
import { loadPlanFileName, loadPlanPdf } from '../contract/container/loadPlanPdf';
import type { ContainerType } from '../contract/setting/codes';
import { planStatusLabels } from '../contract/plan/codes';
import type { User } from '../contract/user/schema';
import { mockEndpoints, ownsRow, pageOf, refuse, type MockInput } from './_resource';
import { containerExport } from '../contract/shared/exports/lists';
import { bulkLines as lines, containers, heldBy, plans, valueOf } from './_tables';
import { exportOf, sendFile, sendXlsx } from './_files';
import { cartonOfSscc, forgetScans, recordScan, scannedNumbers } from './_carton';

function assertNumberFree(containerNo: string | null | undefined, except?: string) {
  const taken = containerNo && containers.rows.find((c) => c.containerNo === containerNo && c.key !== except);
  if (taken)
    throw refuse(409, 'CONTAINER_NO_TAKEN', `箱号 ${containerNo} 已用于柜 ${taken.key}`, {
      containerNo: `箱号 ${containerNo} 已用于柜 ${taken.key}`,
    });
}
const containerOf = (user: User, planKey: string, key: string, version: number) => {
  const found = containers.find(user, [key]);
  if (found[0].planKey !== planKey) throw refuse(404, 'NOT_FOUND', '柜不存在');
  containers.assertVersions(found, { [key]: version });
  return found[0];
};

/** PATCH /v1/bulkslist: `changes` go to packing's handler; a container (null: out of it) is loaded here. */
export function withLoading(change: (input: MockInput) => unknown) {
  return (input: MockInput) =>
    input.body.containerKey === undefined ? change(input) : loadLines(input.user, input.body).map(lines.shown(input.user));
}

/** Loads the lines into a container, or takes them out, as the server does. */
function loadLines(user: User, body: BulkLoad) {
  const found = lines.find(user, body.keys);
  lines.assertVersions(found, body.versions);
  if (body.containerKey === null) {
    assertUnloadable(found);
    containers.rows.filter((box) => found.some((line) => line.containerKey === box.key)).forEach(assertBoxOpen);
    const out = { status: 'pendingConsolidation', planKey: null, containerKey: null } as const;
    forgetLoadScans(user, found);
    return found.map((line) => lines.change(user, line, { ...line, ...out }, 'unload'));
  }
  const [box] = containers.find(user, [body.containerKey]);
  const [plan] = plans.find(user, [box.planKey], 'change', containerAccess);
  assertLoadInto(plan, found);
  assertBoxOpen(box);
  assertLoadable(found, {
    label: box.containerNo ?? box.key,
    held: heldBy(box.key),
    capacity: { cbm: box.cbmCapacity, payloadKg: box.payloadKg },
    fillFactor: valueOf('consolidation').fillFactorPercent / 100,
    pod: dischargeOf(valueOf('ports'), plan.pod),
  });
  const into = { status: 'allocated', planKey: plan.key, containerKey: box.key } as const;
  const loaded = found.map((line) => lines.change(user, line, { ...line, ...into }, 'allocate'));
  if (plan.status === 'CONFIRMED') plans.change(user, plan, { ...plan, status: 'LOADING' });
  return loaded;
}

/** Lines taken out of their containers take their scans along: each container counts what it still holds. */
function forgetLoadScans(user: User, unloaded: readonly { key: string; containerKey: string | null }[]) {
  for (const box of containers.rows.filter((one) => unloaded.some((line) => line.containerKey === one.key))) {
    const forgotten = forgetScans(
      box.key,
      unloaded.filter((line) => line.containerKey === box.key).map((line) => line.key),
    );
    if (forgotten) containers.change(user, box, { ...box, cartonsScanned: box.cartonsScanned - forgotten });
  }
}

/** The boxes of the user's confirmed and loading plans with what they hold, as GET /v1/osbContainer answers. */
function openBoxes(user: User, planKey?: string, unbilled?: string) {
  return containers.visible(user).flatMap((box) => {
    const [plan] = plans.find(user, [box.planKey], 'read', containerAccess);
    if (!takesGoods(plan.status) || (planKey && box.planKey !== planKey)) return [];
    const held = heldBy(box.key);
    if (unbilled && (box.bolKey || held.length === 0)) return [];
    const capacity = { cbm: box.cbmCapacity, payloadKg: box.payloadKg };
    const fill = containerFill(held, capacity, valueOf('consolidation').fillFactorPercent / 100);
    const ofPlan = { planStatus: plan.status, pod: plan.pod, etd: plan.etd, carrier: plan.carrier };
    return [{ ...box, ...ofPlan, lineCount: held.length, ...fill }];
  });
}

const detailOf = (user: User, key: string) => {
  const box = openBoxes(user).find((candidate) => candidate.key === key);
  if (!box) throw refuse(404, 'NOT_FOUND', '柜不存在');
  const held = heldInOrder(key);
  const lines = held.map((line) => scannedLine(line, scannedNumbers(key, line.key)));
  return { ...box, lines, freight: freightOfBox(box, held) };
};

/** The box with its lines planned in its type's inside, as the server plans it. */
const plannedOf = (user: User, key: string) => {
  const box = detailOf(user, key);
  return { box, plan: loadPlanAnswer(box, valueOf('containerCapacity')[box.containerType as ContainerType].innerMm) };
};

const containerList = ({ user, query }: MockInput) => pageOf(openBoxes(user, query.planKey, query.unbilled), query, 'etd:ascend');

export default mockEndpoints(containerEndpoints, containerAccess, '柜不存在', {
  list: containerList,
  export: exportOf(
    containerExport,
    containerList,
    withPlanFreight(
      (box) => box.planKey,
      () => 1,
    ),
  ),
  get: ({ user, params }) => detailOf(user, params.key),
  loadPlan: ({ user, params }) => plannedOf(user, params.key).plan,
  freight: ({ user, params }) => freightOfBox(containers.find(user, [params.key], 'read')[0]),
  loadPlanPdf: async ({ user, params, res }) => {
    const { box, plan } = plannedOf(user, params.key);
    sendFile(res, 'application/pdf', loadPlanFileName(plan), await loadPlanPdf(plan, box));
  },
  loadList: ({ user, params, res }) => {
    const { box, plan } = plannedOf(user, params.key);
    return sendXlsx(res, loadListFileName(box), [...loadListRows(box, box.lines, box.freight), ...loadPlanRows(plan)]);
  },
  create: ({ user, params, body }) => {
    const [plan] = plans.find(user, [params.planKey], 'read', containerAccess);
    if (!takesGoods(plan.status)) {
      throw refuse(
        409,
        'ILLEGAL_TRANSITION',
        `订舱计划 ${plan.key} 当前为「${planStatusLabels[plan.status]}」，确认后才能添加柜`,
      );
    }
    if (containers.rows.filter((c) => c.planKey === plan.key).length >= plan.quantity) {
      throw refuse(409, 'PLAN_FULL', `订舱计划 ${plan.key} 订了 ${plan.quantity} 柜，已全部添加`);
    }
    assertNumberFree(body.containerNo);
    const capacity = valueOf('containerCapacity')[plan.containerType];
    return containers.insert(user, {
      planKey: plan.key,
      containerType: plan.containerType,
      containerNo: body.containerNo ?? null,
      sealNo: body.sealNo ?? null,
      tareKg: body.tareKg ?? null,
      vgmKg: body.vgmKg ?? null,
      bolKey: null,
      cartonsScanned: 0,
      freightBasis: 'cbm',
      cbmCapacity: capacity.cbm,
      payloadKg: capacity.payloadKg,
      owner: plan.owner,
    });
  },
  update: ({ user, params, body: { version, ...changes } }) => {
    const container = containerOf(user, params.planKey, params.key, version);
    const refusal = freightBasisRefusal(
      changesAll(containerAccess, user.authority),
      container.freightBasis,
      changes.freightBasis,
    );
    if (refusal) throw refuse(403, 'FORBIDDEN', refusal, { freightBasis: refusal });
    assertNumberFree(changes.containerNo, container.key);
    return containers.change(user, container, { ...container, ...changes });
  },
  scan: ({ user, params, body }) => {
    const { owner, ...carton } = cartonOfSscc(body.sscc);
    if (!(readsAll(cartonAccess, user.authority) || ownsRow(user, owner))) {
      throw refuse(404, 'NOT_FOUND', `没有箱码 ${body.sscc} 的箱`);
    }
    const [box] = containers.find(user, [params.key], 'change');
    assertBoxOpen(box);
    const label = `此柜 ${box.containerNo ?? box.key}`;
    assertCartonBelongs(carton, carton.containerKey, { key: box.key, label, where: cartonContainerText(carton.containerKey) });
    const received = recordScan(box.key, carton);
    const after = received ? containers.change(user, box, { ...box, cartonsScanned: box.cartonsScanned + 1 }) : box;
    const line = lines.rows.find((one) => one.key === carton.lineKey)!;
    return {
      outcome: received ? 'received' : 'repeated',
      carton,
      line: scannedLine(line, scannedNumbers(box.key, line.key)),
      scanned: after.cartonsScanned,
      expected: heldBy(box.key).reduce((sum, one) => sum + one.cartonCount, 0),
      version: after.version,
    };
  },
  remove: ({ user, params, body }) => {
    containers.remove(user, containerOf(user, params.planKey, params.key, body.version));
    return { success: true, deleted: 1 };
  },
});
