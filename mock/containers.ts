/** Mock of 柜 for `npm run dev`: the containers of the mock's confirmed plans, with the contract's number check. */
import type { BulkLoad } from '../contract/bulk';
import {
  assertBoxOpen,
  assertLoadable,
  assertLoadInto,
  assertUnloadable,
  containerFill,
  dischargeOf,
  takesGoods,
} from '../contract/consolidation';
import { containerAccess, containerEndpoints } from '../contract/container';
import { loadListFileName, loadListRows } from '../contract/containerCodes';
import { planStatusLabels } from '../contract/planCodes';
import type { User } from '../contract/user';
import { mockEndpoints, pageOf, refuse, type MockInput } from './_resource';
import { bulkLines as lines, containers, heldBy, plans, valueOf } from './_tables';
import { sendXlsx } from './_files';

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
  return { ...box, lines: [...heldBy(key)].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)) };
};

export default mockEndpoints(containerEndpoints, containerAccess, '柜不存在', {
  list: ({ user, query }) => pageOf(openBoxes(user, query.planKey, query.unbilled), query, 'etd:ascend'),
  get: ({ user, params }) => detailOf(user, params.key),
  loadList: ({ user, params, res }) => {
    const box = detailOf(user, params.key);
    return sendXlsx(res, loadListFileName(box), loadListRows(box, box.lines));
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
      cbmCapacity: capacity.cbm,
      payloadKg: capacity.payloadKg,
      owner: plan.owner,
    });
  },
  update: ({ user, params, body: { version, ...changes } }) => {
    const container = containerOf(user, params.planKey, params.key, version);
    assertNumberFree(changes.containerNo, container.key);
    return containers.change(user, container, { ...container, ...changes });
  },
  remove: ({ user, params, body }) => {
    containers.remove(user, containerOf(user, params.planKey, params.key, body.version));
    return { success: true, deleted: 1 };
  },
});
