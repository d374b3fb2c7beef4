/**
 * Mock of 提单 for `npm run dev`: B/Ls drafted from the mock's loaded boxes, on the generic in-memory table, with
 * the contract's lifecycle, cargo sums, issue check, printed sheet and DCSA mapping (the server's PDF drawing).
 */
import {
  assertAmendable,
  assertBolAction,
  assertBooked,
  assertDraftable,
  bolAccess,
  bolActionRules,
  bolEndpoints,
  bolListItem,
  cargoOf,
  draftValues,
  issueChecks,
  releaseTypeProblem,
  type Bol,
  type BolAction,
  bolListFilters,
} from '../contract/bol/schema';
import { bolSheet, portPrinter } from '../contract/bol/sheet';
import { toDcsaTransportDocument } from '../contract/bol/dcsaMapping';
import { chinaToday } from '../contract/plan/codes';
import { assertNoProblems } from '../contract/shared/ruleError';
import type { User } from '../contract/user/schema';
import type { Role } from '../contract/shared/common';
import { bolStepEvents, loadingFactsOf } from '../contract/tnt/codes';
import { recordStep, milestonesOf } from './_tnt';
import { sheetPdf } from '../contract/bol/sheetPdf';
import { ownerNamesOf } from './_demo';
import { filterRows, mockEndpoints, pageOf, refuse, type MockInput } from './_resource';
import { bolExport } from '../contract/shared/exports/lists';
import { withPlanFreight } from './_freight';
import { exportOf } from './_files';
import { billsOfLading, containers, heldBy, orders, plans, type BolRow, valueOf } from './_tables';

const bols = billsOfLading;
const named = (row: BolRow): Bol => ({ ...row, ...ownerNamesOf(row.owner) });

/** The boxes' cargo summed from the mock's lines as they are now. */
function cargoNow(keys: readonly string[]) {
  const boxes = containers.rows.filter((box) => keys.includes(box.key));
  const lines = boxes.flatMap((box) => heldBy(box.key).map((line) => ({ ...line, containerKey: box.key })));
  const cargo = cargoOf(
    boxes.map((box) => ({
      containerKey: box.key,
      containerNo: box.containerNo,
      sealNo: box.sealNo,
      containerType: box.containerType,
    })),
    lines,
  );
  return { boxes, cargo, poNos: lines.map((line) => line.poNo) };
}
const refreshed = (row: BolRow) => {
  const { cargo } = cargoNow(row.containers.map((box) => box.containerKey));
  const { containers: boxes, packages, pieces, grossWeight, cbm } = cargo;
  return { ...row, containers: boxes, packages, pieces, grossWeight, cbm };
};
const setBoxes = (user: User, keys: readonly string[], bolKey: string | null) =>
  containers.rows.filter((box) => keys.includes(box.key)).forEach((box) => containers.change(user, box, { ...box, bolKey }));

const bolList = ({ user, query }: MockInput) =>
  pageOf(filterRows(bols.visible(user), query, bolListFilters).map(named).map(bolListItem), query, 'createdAt:descend');

export default mockEndpoints(bolEndpoints, bolAccess, '提单不存在', {
  list: bolList,
  export: exportOf(
    bolExport,
    bolList,
    withPlanFreight(
      (bol) => bol.planKey,
      (bol) => bol.containerCount,
    ),
  ),
  get: ({ user, params }) => {
    const [row] = bols.find(user, [params.key], 'read');
    const history = bols
      .history(row.key)
      .reverse()
      .filter((entry) => entry.after && entry.after.status !== entry.before?.status)
      .map((entry) => ({
        at: entry.at,
        actorName: entry.actorName,
        from: entry.before?.status ?? null,
        to: entry.after!.status,
        comment: entry.after!.status === 'PENDING_AMENDMENT' ? entry.after!.amendmentComment : entry.after!.voidReason,
      }));
    return { ...named(row), history };
  },
  create: ({ user, body: { containerKeys, ...fields } }) => {
    const { boxes, cargo, poNos } = cargoNow(containerKeys);
    if (boxes.length !== containerKeys.length) throw refuse(404, 'NOT_FOUND', '柜不存在');
    assertDraftable(boxes, cargo);
    const plan = plans.rows.find((candidate) => candidate.key === boxes[0].planKey)!;
    const order = orders.rows.find((candidate) => candidate.planKey === plan.key);
    assertBooked(plan.key, order);
    const sources = {
      serial: bols.nextKey().slice(2),
      plan,
      order: order!,
      factory: valueOf('osbFactories').find((entry) => entry.code === plan.osbFactory),
      ports: valueOf('ports'),
      last: bols.rows.filter((row) => row.owner === plan.owner && row.pod === plan.pod && row.status !== 'VOIDED').at(-1),
      cargo: { ...cargo, poNos },
    };
    const { key: _key, consigneeName: _name, ...values } = draftValues(sources, fields);
    const row = bols.insert(user, values);
    setBoxes(user, containerKeys, row.key);
    recordStep(row, bolStepEvents.create, 'TRD', row.bolNo, user);
    return named(row);
  },
  update: ({ user, params, body: { version, ...fields } }) => {
    const [row] = bols.find(user, [params.key]);
    bols.assertVersions([row], { [row.key]: version });
    assertAmendable(row.key, row.status, '修改');
    return named(bols.change(user, row, refreshed({ ...row, ...fields })));
  },
  patch: ({ user, params, body }) => {
    const rule = bolActionRules[body.action as BolAction];
    if (!(user.authority as readonly Role[]).includes(rule.role)) throw refuse(403, 'FORBIDDEN', '没有权限执行此操作');
    const [row] = bols.find(user, [params.key]);
    bols.assertVersions([row], { [row.key]: body.version });
    const status = assertBolAction(row.key, row.status, body.action);
    const next = { ...refreshed(row), status };
    if (body.action === 'requestAmendment') next.amendmentComment = body.comment;
    if (body.action === 'void') {
      next.voidReason = body.comment;
      setBoxes(
        user,
        row.containers.map((box) => box.containerKey),
        null,
      );
    }
    if (body.action === 'issue') {
      const today = chinaToday();
      const numbers = next.containers.flatMap((box) => (box.containerNo ? [box.containerNo] : []));
      const checks = issueChecks(next, body, today, loadingFactsOf(milestonesOf(row.planKey), row.pol, numbers));
      assertNoProblems(checks.problems);
      next.issueDate = today;
      next.onBoardDate = checks.onBoardDate;
      next.onBoardReason = checks.onBoardReason;
      // As the server: the plan and its order have shipped.
      const plan = plans.rows.find((candidate) => candidate.key === row.planKey);
      if (plan && plan.status !== 'SHIPPED') plans.change(user, plan, { ...plan, status: 'SHIPPED' });
      const order = orders.rows.find((candidate) => candidate.planKey === row.planKey && candidate.status !== 'SHIPPED');
      if (order) orders.change(user, order, { ...order, status: 'SHIPPED' });
    }
    if (body.action === 'release') {
      const problem = releaseTypeProblem(row.type, body.releaseType!);
      if (problem) assertNoProblems({ releaseType: problem });
      next.releaseType = body.releaseType!;
    }
    recordStep(row, bolStepEvents[body.action as BolAction], 'TRD', row.bolNo, user);
    return named(bols.change(user, row, next));
  },
  remove: ({ user, params, body }) => {
    const [row] = bols.find(user, [params.key]);
    bols.assertVersions([row], { [row.key]: body.version });
    assertAmendable(row.key, row.status, '删除', ['DRAFT']);
    setBoxes(
      user,
      row.containers.map((box) => box.containerKey),
      null,
    );
    bols.remove(user, row);
    return { success: true, deleted: 1 };
  },
  userRemark: ({ user, params, body }) => {
    const [row] = bols.find(user, [params.key]);
    bols.assertVersions([row], { [row.key]: body.version });
    return named(bols.change(user, row, { ...row, userRemark: body.userRemark }));
  },
  pdf: async ({ user, params, res }) => {
    const [row] = bols.find(user, [params.key], 'read');
    const { name, file } = await sheetPdf(bolSheet(row, portPrinter(valueOf('ports'))));
    const download = res as typeof res & { setHeader: (name: string, value: string) => void };
    download.setHeader('Content-Type', 'application/pdf');
    download.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    download.send(file);
  },
  dcsa: ({ user, params }) => {
    const [row] = bols.find(user, [params.key], 'read');
    if (row.status !== 'ISSUED' && row.status !== 'RELEASED')
      throw refuse(409, 'NOT_ISSUED', `提单 ${row.bolNo} 签发后才能导出 DCSA 电子提单`);
    const carrierName = valueOf('carriers').find((carrier) => carrier.scac === row.carrier)?.name ?? row.carrier;
    return toDcsaTransportDocument(named(row), {
      contact: { name: user.realName, email: user.email },
      carrierName,
      termsAndConditions: 'Carriage is subject to the carrier’s standard terms and conditions.',
    });
  },
});
