/**
 * 扫描装柜: cartons scanned as they go into a container. Each counts once (a repeat is flagged), a carton whose line
 * is not in this container is refused with where it is, another customer's carton is a 404 for the customer, the
 * container page shows per line the cartons scanned and those still missing, and a line taken out takes its scans.
 */
import { and, count, eq } from 'drizzle-orm';
import type { BulkLine } from '../../contract/packing/schema';
import type { ScanAnswer } from '../../contract/carton/schema';
import type { Container, ContainerDetail } from '../../contract/container/schema';
import type { StickerSheet } from '../../contract/sticker/schema';
import { auditLog, cartonScanLines, cartonScans, osbContainers } from '../db/schema';
import { seedLookups } from '../domain/demo/packing';
import { confirmedPlan, putPrice } from '../testing/booking';
import { createLine, setStatus } from '../testing/bulk';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
let user: string;
let other: string;
let clerk: string;
let inspector: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app.db);
  await t.addUser('csuser', ['user']);
  await t.addUser('csother', ['user']);
  await t.addUser('csclerk', ['documentClerk']);
  await t.addUser('csinspector', ['inspector']);
  [user, other, clerk, inspector] = await Promise.all(['csuser', 'csother', 'csclerk', 'csinspector'].map((n) => t.login(n)));
});
afterAll(() => t.close());

let po = 0;
/** A waiting line of `token` (passed, 待拼柜) of `cartons` cartons, with the SSCCs of its stickers. */
async function waiting(cartons: number, token = user): Promise<{ line: BulkLine; ssccs: string[] }> {
  po += 1;
  const line = await createLine(t, token, { poNo: `PO-CS${po}`, cartonTo: cartons });
  await setStatus(t, line.key, 'pendingConsolidation', 'pass');
  const sheet: StickerSheet = (await t.call('GET', `/v1/stickers?poNo=PO-CS${po}`, { token })).json();
  const [fresh] = (await t.call('GET', `/v1/packing/bulkdata?poNo=PO-CS${po}`, { token })).json().data;
  return { line: fresh, ssccs: sheet.stickers.map((sticker) => sticker.sscc) };
}

async function box(token = user): Promise<Container> {
  const { plan } = await confirmedPlan(t, token, clerk, await putPrice(t, clerk, { containerType: '40HQ' }), 1);
  return (await t.call('POST', `/v1/osbplan/${plan.key}/container`, { token, body: {} })).json();
}
const load = (lines: BulkLine[], containerKey: string | null, token = user) =>
  t.call('PATCH', '/v1/bulkslist', {
    token,
    body: { keys: lines.map((l) => l.key), versions: Object.fromEntries(lines.map((l) => [l.key, l.version])), containerKey },
  });
const scan = (key: string, sscc: string, token = user) =>
  t.call('POST', `/v1/osbContainer/${key}/scans`, { token, body: { sscc } });
const detail = async (key: string): Promise<ContainerDetail> =>
  (await t.call('GET', `/v1/osbContainer/${key}`, { token: user })).json();

it('counts a carton scanned into its container once, refuses one not loaded there, and shows what is not scanned', async () => {
  const container = await box();
  const first = await waiting(5);
  const second = await waiting(3);
  const left = await waiting(2);
  const loaded: BulkLine[] = (await load([first.line, second.line], container.key)).json();

  const answer = await scan(container.key, `00${first.ssccs[1]}`);
  expect(answer.statusCode).toBe(200);
  expect(answer.json<ScanAnswer>()).toMatchObject({
    outcome: 'received',
    carton: { cartonNo: 2, lineKey: first.line.key, containerKey: container.key },
    line: { key: first.line.key, cartonsScanned: 1, missingCartons: '1、3–5' },
    scanned: 1,
    expected: 8,
    version: container.version + 1,
  });
  expect((await scan(container.key, first.ssccs[1])).json<ScanAnswer>().outcome).toBe('repeated');
  const notLoaded = await scan(container.key, left.ssccs[0]);
  expect([notLoaded.statusCode, notLoaded.json().errorCode, notLoaded.json().errorMessage]).toEqual([
    409,
    'FOREIGN_CARTON',
    `PO ${left.line.poNo} 第 1 箱不属于此柜 ${container.key}（未装柜），请放回`,
  ]);
  const theirs = await waiting(1, other);
  expect((await scan(container.key, theirs.ssccs[0])).statusCode).toBe(404);
  expect((await scan(container.key, first.ssccs[0], other)).statusCode).toBe(404);
  expect((await scan(container.key, first.ssccs[0], inspector)).statusCode).toBe(403);
  // The clerk scans for any customer.
  expect((await scan(container.key, second.ssccs[2], clerk)).json<ScanAnswer>().outcome).toBe('received');

  const shown = await detail(container.key);
  expect(shown.cartonsScanned).toBe(2);
  expect(shown.lines.map((line) => [line.key, line.cartonsScanned, line.missingCartons])).toEqual([
    [first.line.key, 1, '1、3–5'],
    [second.line.key, 1, '1–2'],
  ]);
  const audited = await t.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entityKey, container.key), eq(auditLog.action, 'scan')));
  expect(audited[0].n).toBe(2);
  const [firstEntry] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityKey, container.key), eq(auditLog.action, 'scan')))
    .orderBy(auditLog.at)
    .limit(1);
  expect([firstEntry.actor, firstEntry.before, firstEntry.after]).toMatchObject([
    expect.any(String),
    { cartonsScanned: 0, version: container.version },
    { cartonsScanned: 1, version: container.version + 1 },
  ]);

  // The second line taken out takes its scan along; loaded again, its cartons wait to be scanned again.
  const secondNow = loaded.find((line) => line.key === second.line.key)!;
  expect((await load([secondNow], null)).statusCode).toBe(200);
  const [row] = await t.app.db.select().from(osbContainers).where(eq(osbContainers.key, container.key));
  expect(row.cartonsScanned).toBe(1);
  const scans = await t.app.db.select().from(cartonScans).where(eq(cartonScans.place, container.key));
  expect(scans.map((one) => one.lineKey)).toEqual([first.line.key]);
  const late = await scan(container.key, second.ssccs[0]);
  expect([late.statusCode, late.json().errorMessage]).toEqual([
    409,
    `PO ${second.line.poNo} 第 1 箱不属于此柜 ${container.key}（未装柜），请放回`,
  ]);
  // Loaded again, it starts from no carton scanned: its runs went with its scans.
  const [secondOut] = (await t.call('GET', `/v1/packing/bulkdata?poNo=${second.line.poNo}`, { token: user })).json().data;
  expect((await load([secondOut], container.key)).statusCode).toBe(200);
  expect((await scan(container.key, second.ssccs[0])).json<ScanAnswer>().line).toMatchObject({
    cartonsScanned: 1,
    missingCartons: '2–3',
  });
  const runs = await t.app.db.select().from(cartonScanLines).where(eq(cartonScanLines.place, container.key));
  expect(runs.map((line) => [line.lineKey, line.cartons]).sort()).toEqual(
    [
      [first.line.key, '{[2,3)}'],
      [second.line.key, '{[1,2)}'],
    ].sort(),
  );
});
