/**
 * Demo shipping: two of the demo customer's confirmed plans each loaded with a waiting line to their port of
 * discharge and put on a bill of lading, one waiting for the customer's confirmation, one issued and released by
 * telex, made through the same domain calls the API uses (so the plans load, ship and notify for real); the
 * released one's customs declaration handover is under way, waiting for its last document. The goods for the
 * default lane's port stay waiting, for the consolidation hall.
 */
import { and, asc, eq } from 'drizzle-orm';
import { iso6346CheckDigit } from '../../contract/containerCodes';
import { dischargeOf, lineLoadRefusal } from '../../contract/consolidation';
import { chinaToday } from '../../contract/planCodes';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/open';
import { bulkLines, osbOrders, type PriceRow } from '../db/schema';
import { patchBol } from './bolLifecycle';
import { createBol, updateBol } from './bols';
import { createDeclaration, updateDeclaration } from './declarations';
import { addContainer } from './containers';
import { loadBulkLines } from './loading';
import { settingValue } from './settings';

/** A demo container number of its own: `SDMU` and a serial, with its ISO 6346 check digit. */
const demoNumber = (serial: number) => {
  const first10 = `SDMU${String(serial).padStart(6, '0')}`;
  return `${first10}${iso6346CheckDigit(first10)}`;
};

const consignee = { name: 'HANSEATIC FASHION GMBH', address: ['GROSSE ELBSTRASSE 145', '22767 HAMBURG, GERMANY'] };

/** A sailing (of `sailings`) to a port other than the default lane's that two of the customer's waiting lines are for. */
export async function sailingForWaitingGoods(db: Db, customer: SessionUser, sailings: readonly PriceRow[]) {
  const [ports, defaults, waiting] = await Promise.all([
    settingValue(db, 'ports'),
    settingValue(db, 'defaultPorts'),
    waitingLines(db, customer),
  ]);
  const goodsFor = (pod: string) => waiting.filter((line) => !lineLoadRefusal(line, dischargeOf(ports, pod))).length;
  return sailings.find((sailing) => sailing.pod !== defaults.pod && goodsFor(sailing.pod) >= 2);
}

const waitingLines = (db: Db, customer: SessionUser) =>
  db
    .select()
    .from(bulkLines)
    .where(and(eq(bulkLines.owner, customer.id), eq(bulkLines.type, 'multi'), eq(bulkLines.status, 'pendingConsolidation')))
    .orderBy(asc(bulkLines.key))
    .limit(2000);

/**
 * Loads a waiting line into a new box of the confirmed plan and drafts its B/L; `to` says how far the B/L goes: to
 * the customer for confirmation, or issued and released.
 */
export async function shipDemoPlan(
  db: Db,
  customer: SessionUser,
  clerk: SessionUser,
  plan: { key: string; pod: string },
  serial: number,
  to: 'PENDING_APPROVAL' | 'RELEASED',
): Promise<void> {
  const ports = await settingValue(db, 'ports');
  const lines = (await waitingLines(db, customer))
    .filter((line) => !lineLoadRefusal(line, dischargeOf(ports, plan.pod)))
    .slice(0, 1);
  const box = await addContainer(db, customer, plan.key, { containerNo: demoNumber(serial), sealNo: `SD${serial}0417` });
  await loadBulkLines(db, customer, {
    keys: lines.map((line) => line.key),
    versions: Object.fromEntries(lines.map((line) => [line.key, line.version])),
    containerKey: box.key,
  });
  let bol = await createBol(db, clerk, { containerKeys: [box.key] });
  bol = await updateBol(db, clerk, bol.key, {
    consignee,
    notifyParty: { name: 'SAME AS CONSIGNEE', address: [] },
    hsCode: '6203420000',
    version: bol.version,
  });
  bol = await patchBol(db, clerk, bol.key, { action: 'submit', comment: '', version: bol.version });
  if (to === 'PENDING_APPROVAL') return;
  bol = await patchBol(db, customer, bol.key, { action: 'approve', comment: '', version: bol.version });
  // Issued once loaded: a sailing still ahead was loaded today.
  const today = chinaToday();
  const loaded = bol.etd > today ? { onBoardDate: today } : {};
  bol = await patchBol(db, clerk, bol.key, { action: 'issue', comment: '', ...loaded, version: bol.version });
  await patchBol(db, clerk, bol.key, { action: 'release', comment: '', releaseType: 'TELEX', version: bol.version });
}

/** The customs declaration handover of the plan's order, filled in but for 申报要素, so still 待交接. */
export async function declareDemoPlan(db: Db, clerk: SessionUser, planKey: string): Promise<void> {
  const [order] = await db.select({ key: osbOrders.key }).from(osbOrders).where(eq(osbOrders.planKey, planKey));
  const declaration = await createDeclaration(db, clerk, order.key);
  await updateDeclaration(db, clerk, declaration.key, {
    documents: { contract: true, invoice: true, packingList: true, powerOfAttorney: true, declarationElements: false },
    contractNo: 'SC-2026-0318',
    invoiceNo: 'INV-2026-0318',
    broker: '宁波港报关有限公司',
    lines: declaration.lines.map((line) => ({ ...line, hsCode: '6203420000', unitPrice: 4.6 })),
    version: declaration.version,
  });
}
