/** Mock of 柜 for `npm run dev`: the containers of the mock's confirmed plans, with the contract's number check. */
import { containerAccess, containerEndpoints } from '../contract/container';
import { planStatusLabels } from '../contract/planCodes';
import type { User } from '../contract/user';
import { mockEndpoints, refuse } from './_resource';
import { containers, plans } from './booking';
import { valueOf } from './settings';

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

export default mockEndpoints(containerEndpoints, containerAccess, '柜不存在', {
  create: ({ user, params, body }) => {
    const [plan] = plans.find(user, [params.planKey], 'read', containerAccess);
    if (plan.status !== 'CONFIRMED' && plan.status !== 'LOADING') {
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
