/**
 * The lifecycle of a B/L (PATCH /v1/bol/{key}): the clerk sends it to the customer, issues, releases or voids it;
 * the customer confirms it or asks for a change. Issuing ships its lines and its plan; voiding frees its boxes.
 * The customer is told when a draft waits for them and when the B/L is released; the clerks get a to-do for a
 * change request.
 */
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  assertBolAction,
  bolActionLabels,
  bolActionRules,
  issueChecks,
  releaseTypeLabels,
  releaseTypeProblem,
  type Bol,
  type bolPatchSchema,
} from '../../../contract/bol/schema';
import { assertPlanMove, chinaToday } from '../../../contract/plan/codes';
import { assertNoProblems, RuleError } from '../../../contract/shared/ruleError';
import type { SessionUser } from '../../auth/sessionUser';
import { bolStepEvents } from '../../../contract/tnt/codes';
import { documentStep } from '../tnt/emit';
import { loadingFacts } from '../tnt/events';
import type { Db } from '../../db/open';
import { bulkLines, osbContainers, osbOrders, type BolRow } from '../../db/schema';
import { forbidden } from '../refusals';
import { boxesOf, bolRows } from './rows';
import { answerBol, freshCargo } from './bols';
import { lineChanges } from '../packing/lines';
import { containerRows } from '../container/containers';
import { closeTodos, notifyOwner, notifyRole, todoSubjects } from '../notice';
import { publishShipdeskEvent } from '../webhook/publish';
import { orderRows, planRows } from '../plan/rows';

type Patch = z.output<typeof bolPatchSchema>;

/** PATCH /v1/bol/{key} — one action, by the role it belongs to, on a B/L the caller may change. */
export async function patchBol(db: Db, caller: SessionUser, key: string, patch: Patch): Promise<Bol> {
  const rule = bolActionRules[patch.action];
  if (!caller.roles.includes(rule.role))
    throw forbidden(`只有${rule.role === 'user' ? '客户' : '单证员'}可以${bolActionLabels[patch.action]}`);
  return db.transaction(async (tx) => {
    const [bol] = await bolRows.lock(tx, [key], rule.role === 'user' ? caller : undefined);
    bolRows.assertVersions([bol], { [key]: patch.version });
    const to = assertBolAction(key, bol.status, patch.action);
    const link = `/shipment/multi/bol/${key}`;
    if (patch.action === 'submit') {
      await bolRows.change(tx, caller.id, bol, { status: to, ...(await freshCargo(tx, bol)) });
      await closeTodos(tx, todoSubjects.bolToAmend(key), caller.id);
      await notifyOwner(
        tx,
        bol.owner,
        {
          type: 'event',
          title: `提单 ${bol.bolNo} 待您确认`,
          description: `${bol.vessel} ${bol.voyage}，${bol.pol} → ${bol.pod}`,
          status: 'todo',
          link,
          subject: todoSubjects.bolToConfirm(key),
        },
        caller.id,
      );
      await publishShipdeskEvent(tx, 'bol.toConfirm', bol.owner, {
        planKey: bol.planKey,
        subject: { type: 'bol', key },
        title: `提单 ${bol.bolNo} 待您确认`,
        link,
      });
    } else if (patch.action === 'approve') {
      await bolRows.change(tx, caller.id, bol, { status: to });
      await closeTodos(tx, todoSubjects.bolToConfirm(key), caller.id);
    } else if (patch.action === 'requestAmendment') {
      await bolRows.change(tx, caller.id, bol, { status: to, amendmentComment: patch.comment });
      await closeTodos(tx, todoSubjects.bolToConfirm(key), caller.id);
      await notifyRole(
        tx,
        'documentClerk',
        {
          type: 'event',
          title: `提单 ${bol.bolNo} 客户申请修改`,
          description: patch.comment,
          status: 'todo',
          link,
          subject: todoSubjects.bolToAmend(key),
        },
        caller.id,
      );
    } else if (patch.action === 'issue') {
      await issue(tx, caller, bol, patch);
    } else if (patch.action === 'release') {
      const releaseType = patch.releaseType ?? 'ORIGINAL';
      const problem = releaseTypeProblem(bol.type, releaseType);
      if (problem) assertNoProblems({ releaseType: problem });
      await bolRows.change(tx, caller.id, bol, { status: to, releaseType });
      await notifyOwner(
        tx,
        bol.owner,
        {
          type: 'notification',
          title: `提单 ${bol.bolNo} 已放单（${releaseTypeLabels[releaseType]}）`,
          description: `${bol.vessel} ${bol.voyage}，${bol.pol} → ${bol.pod}`,
          link,
        },
        caller.id,
      );
      await publishShipdeskEvent(tx, 'bol.released', bol.owner, {
        planKey: bol.planKey,
        subject: { type: 'bol', key },
        title: `提单 ${bol.bolNo} 已放单（${releaseTypeLabels[releaseType]}）`,
        link,
      });
    } else {
      await containerRows.changeMany(tx, caller.id, await boxesOf(tx, bol), { bolKey: null });
      await bolRows.change(tx, caller.id, bol, { status: to, voidReason: patch.comment });
      await closeTodos(tx, todoSubjects.bolToConfirm(key), caller.id);
      await closeTodos(tx, todoSubjects.bolToAmend(key), caller.id);
    }
    const reason = patch.action === 'void' || patch.action === 'requestAmendment' ? patch.comment : patch.onBoardReason;
    await documentStep(tx, caller.id, bol, bolStepEvents[patch.action], reason);
    return answerBol(tx, key);
  });
}

/**
 * 签发: the parties, vessel, HS code and every box's number and seal must be there; every loaded box of the plan
 * must be on a B/L (its goods would be left behind); the goods must be on board (onBoardDateOf). The lines become
 * 已出运, the boxes' numbers free for later bookings, the plan and its order 已出运.
 */
async function issue(tx: Db, caller: SessionUser, bol: BolRow, given: Patch): Promise<void> {
  const [plan] = await planRows.lock(tx, [bol.planKey]);
  const cargo = await freshCargo(tx, bol);
  const today = chinaToday();
  const numbers = cargo.containers.flatMap((box) => (box.containerNo ? [box.containerNo] : []));
  const facts = await loadingFacts(tx, bol.planKey, bol.pol, numbers);
  const checks = issueChecks({ ...bol, containers: cargo.containers }, given, today, facts);
  assertNoProblems(checks.problems);
  const [left] = await tx
    .select({ key: osbContainers.key, containerNo: osbContainers.containerNo })
    .from(osbContainers)
    .where(
      and(
        eq(osbContainers.planKey, bol.planKey),
        isNull(osbContainers.bolKey),
        sql`exists (select 1 from ${bulkLines} where ${bulkLines.containerKey} = ${osbContainers.key})`,
      ),
    )
    .limit(1);
  if (left) {
    throw new RuleError(
      409,
      'CONTAINER_LEFT',
      `订舱计划 ${plan.key} 的柜 ${left.containerNo ?? left.key} 已装货但不在任何提单上，请先出提单或卸柜`,
    );
  }
  const boxes = await boxesOf(tx, bol);
  const lineKeys = await tx
    .select({ key: bulkLines.key })
    .from(bulkLines)
    .where(
      inArray(
        bulkLines.containerKey,
        boxes.map((box) => box.key),
      ),
    );
  const lines = await lineChanges.lock(
    tx,
    lineKeys.map((line) => line.key),
  );
  await lineChanges.changeMany(tx, caller.id, lines, { status: 'shipped' }, 'ship');
  await containerRows.changeMany(tx, caller.id, boxes, { active: false });
  await bolRows.change(tx, caller.id, bol, {
    status: 'ISSUED',
    issueDate: today,
    onBoardDate: checks.onBoardDate,
    onBoardReason: checks.onBoardReason,
    issuedBy: caller.id,
    ...cargo,
  });
  if (plan.status !== 'SHIPPED') {
    assertPlanMove(plan.key, plan.status, 'SHIPPED');
    await planRows.change(tx, caller.id, plan, { status: 'SHIPPED' });
    const [order] = await tx
      .select()
      .from(osbOrders)
      .where(and(eq(osbOrders.planKey, plan.key), ne(osbOrders.status, 'SHIPPED')))
      .for('update');
    if (order) await orderRows.change(tx, caller.id, order, { status: 'SHIPPED' });
  }
}
