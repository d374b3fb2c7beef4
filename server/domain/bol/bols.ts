/**
 * 提单 drafts: the clerk drafts a B/L from loaded containers of one plan (parties from the OSB factory and the
 * customer's last B/L, route and vessel from the booking order, cargo summed from the lines), amends it while it
 * is a draft or asked to change, and deletes a draft. The customer writes the remark. Every write is versioned,
 * audited and in one transaction; a box on a B/L takes no load until the B/L is voided.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  assertAmendable,
  assertBooked,
  assertDraftable,
  draftValues,
  type Bol,
  type bolCreateSchema,
  type bolUpdateSchema,
} from '../../../contract/bol/schema';
import type { DeleteResult } from '../../../contract/shared/common';
import { takesGoods } from '../../../contract/shared/consolidation';
import { planStatusLabels } from '../../../contract/plan/codes';
import { RuleError } from '../../../contract/shared/ruleError';
import type { SessionUser } from '../../auth/sessionUser';
import { audit } from '../../db/audit';
import { bolStepEvents } from '../../../contract/tnt/codes';
import { documentStep } from '../tnt/emit';
import type { Db } from '../../db/open';
import { billsOfLading, osbContainers, osbOrders, type BolRow } from '../../db/schema';
import { boxesOf, BOL, bolColumns, bolRows, bolShape, cargoOfBoxes, toBol } from './rows';
import { containerRows } from '../container/containers';
import { planRows } from '../plan/rows';
import { settingValue } from '../setting';

type Input = z.output<typeof bolUpdateSchema>;

/** The B/L `key` as the API answers it. */
export async function answerBol(db: Db, key: string): Promise<Bol> {
  const [found] = await db.select(bolColumns).from(billsOfLading).where(eq(billsOfLading.key, key));
  return toBol(found);
}

/** 409 naming the B/L that already carries `bolNo`. */
async function assertBolNoFree(tx: Db, bolNo: string | undefined, except?: string) {
  if (!bolNo) return;
  const [taken] = await tx
    .select({ key: billsOfLading.key })
    .from(billsOfLading)
    .where(and(eq(billsOfLading.bolNo, bolNo), except ? ne(billsOfLading.key, except) : undefined));
  if (taken)
    throw new RuleError(409, 'BOL_NO_TAKEN', `提单号 ${bolNo} 已用于提单 ${taken.key}`, { bolNo: `提单号 ${bolNo} 已被使用` });
}

/**
 * Parties the customer's last B/L to the same port of discharge gave (not voided), for a new draft of theirs: a
 * consignee in Hamburg is no default for goods to Los Angeles, so another lane's draft starts empty.
 */
async function lastParties(tx: Db, owner: string, pod: string) {
  const [last] = await tx
    .select({ consignee: billsOfLading.consignee, notifyParty: billsOfLading.notifyParty })
    .from(billsOfLading)
    .where(and(eq(billsOfLading.owner, owner), eq(billsOfLading.pod, pod), ne(billsOfLading.status, 'VOIDED')))
    .orderBy(desc(billsOfLading.createdAt))
    .limit(1);
  return last;
}

/** POST /v1/bol — a draft from loaded containers of one plan, all of them not on another B/L. */
export async function createBol(db: Db, caller: SessionUser, input: z.output<typeof bolCreateSchema>): Promise<Bol> {
  const { containerKeys, ...fields } = input;
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ planKey: osbContainers.planKey })
      .from(osbContainers)
      .where(inArray(osbContainers.key, containerKeys));
    if (found.length !== containerKeys.length) throw new RuleError(404, 'NOT_FOUND', '柜不存在');
    // The plan, then its boxes, as a load locks them: a draft and a load of the same box run one after the other.
    const [plan] = await planRows.lock(tx, [...new Set(found.map((box) => box.planKey))].sort());
    const boxes = await containerRows.lock(tx, containerKeys);
    if (!takesGoods(plan.status)) {
      throw new RuleError(
        409,
        'ILLEGAL_TRANSITION',
        `订舱计划 ${plan.key} 当前为「${planStatusLabels[plan.status]}」，不能出提单`,
      );
    }
    const cargo = await cargoOfBoxes(tx, boxes);
    assertDraftable(boxes, cargo);
    const [order] = await tx.select().from(osbOrders).where(eq(osbOrders.planKey, plan.key));
    assertBooked(plan.key, order);
    await assertBolNoFree(tx, fields.bolNo);
    // One after another: a transaction's client runs one statement at a time (pg refuses overlapping ones from v9).
    const factories = await settingValue(tx, 'osbFactories');
    const ports = await settingValue(tx, 'ports');
    const last = await lastParties(tx, plan.owner, plan.pod);
    // The key's serial is drawn first: the B/L number a draft starts with carries it after the carrier's code.
    const [{ serial }] = await tx
      .select({ serial: sql<string>`lpad(nextval('bol_key_seq')::text, 8, '0')` })
      .from(sql`(values (1)) as one (x)`);
    const factory = factories.find((entry) => entry.code === plan.osbFactory);
    const [row] = await tx
      .insert(billsOfLading)
      .values(draftValues({ serial, plan, order, factory, ports, last, cargo }, fields))
      .returning();
    await containerRows.changeMany(tx, caller.id, boxes, { bolKey: row.key });
    await audit(tx, { actor: caller.id, entity: BOL, entityKey: row.key, after: bolShape.toApi(row) });
    await documentStep(tx, caller.id, row, bolStepEvents.create);
    return answerBol(tx, row.key);
  });
}

/** The B/L's boxes and cargo as they are now (numbers and seals may have come since): what every move refreshes. */
export async function freshCargo(tx: Db, bol: BolRow) {
  const cargo = await cargoOfBoxes(tx, await boxesOf(tx, bol));
  return {
    containers: cargo.containers,
    packages: cargo.packages,
    pieces: cargo.pieces,
    grossWeight: cargo.grossWeight,
    cbm: cargo.cbm,
  };
}

/** PUT /v1/bol/{key} — the clerk's amendment; the cargo is summed again, never taken from the body. */
export async function updateBol(db: Db, caller: SessionUser, key: string, input: Input): Promise<Bol> {
  const { version, ...fields } = input;
  return db.transaction(async (tx) => {
    const [bol] = await bolRows.lock(tx, [key]);
    bolRows.assertVersions([bol], { [key]: version });
    assertAmendable(key, bol.status, '修改');
    await assertBolNoFree(tx, fields.bolNo, key);
    await bolRows.change(tx, caller.id, bol, {
      ...fields,
      ...(fields.consignee ? { consigneeName: fields.consignee.name } : {}),
      ...(await freshCargo(tx, bol)),
    });
    return answerBol(tx, key);
  });
}

/** DELETE /v1/bol/{key} — a draft only; its boxes take goods again. */
export async function removeBol(db: Db, caller: SessionUser, key: string, version: number): Promise<DeleteResult> {
  return db.transaction(async (tx) => {
    const [bol] = await bolRows.lock(tx, [key]);
    bolRows.assertVersions([bol], { [key]: version });
    assertAmendable(key, bol.status, '删除', ['DRAFT']);
    await containerRows.changeMany(tx, caller.id, await boxesOf(tx, bol), { bolKey: null });
    await tx.delete(billsOfLading).where(eq(billsOfLading.key, key));
    await audit(tx, { actor: caller.id, entity: BOL, entityKey: key, before: bolShape.toApi(bol) });
    return { success: true, deleted: 1 };
  });
}

/** PATCH /v1/bol/{key}/userRemark — the customer's own B/L only; kept as the plain text typed. */
export async function setUserRemark(
  db: Db,
  caller: SessionUser,
  key: string,
  input: { userRemark: string; version: number },
): Promise<Bol> {
  return db.transaction(async (tx) => {
    const [bol] = await bolRows.lock(tx, [key], caller);
    bolRows.assertVersions([bol], { [key]: input.version });
    await bolRows.change(tx, caller.id, bol, { userRemark: input.userRemark });
    return answerBol(tx, key);
  });
}
