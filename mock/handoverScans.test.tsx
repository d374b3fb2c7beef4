/**
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
// .tsx on purpose: umi's dev server loads every mock/**/*.[jt]s as mock routes, and must not load this test.
// A file of its own: its store starts with the demo's two waiting 散货 lines.
import type { BulkLine } from '../contract/packing/schema';
import type { ScanAnswer } from '../contract/carton/schema';
import type { LooseBooking } from '../contract/loose/schema';
import type { StickerSheet } from '../contract/sticker/schema';
import { mockCaller } from '../tests/support/mockCall';
import looseRoutes from './loose';
import packingRoutes from './packing';
import stickerRoutes from './sticker';

const call = mockCaller({ ...looseRoutes, ...packingRoutes, ...stickerRoutes });

test('the mock receives a handover by scan: once per carton, foreign refused, missing numbers per line', async () => {
  const query = { type: 'single', status: 'pendingConsolidation', current: '1', pageSize: '100' };
  const waiting = (await call('GET /v1/packing/bulkdata', 'user', { query })).body.data as BulkLine[];
  const [line, other] = waiting;
  const book = async (picked: BulkLine) => {
    const body = { versions: { [picked.key]: picked.version }, forwarder: '德迅', cfsCutOff: '2099-01-01' };
    const booked = (await call('POST /v1/looseBooking', 'user', { body })).body as LooseBooking;
    const params = { key: booked.key };
    return (
      await call('PATCH /v1/looseBooking/:key', 'clerk', {
        params,
        body: { status: 'CONFIRMED', warehouseEntryNo: 'JC-2', version: booked.version },
      })
    ).body as LooseBooking;
  };
  const [mine, theirs] = [await book(line), await book(other)];
  const sheet = async (picked: BulkLine) =>
    ((await call('GET /v1/stickers', 'user', { query: { keys: picked.key } })).body as StickerSheet).stickers;
  const [stickers, foreignStickers] = [await sheet(line), await sheet(other)];
  const scan = (sscc: string) => call('POST /v1/handover/:key/scans', 'clerk', { params: { key: mine.key }, body: { sscc } });
  const first = (await scan(`00${stickers[0].sscc}`)).body as ScanAnswer;
  expect([first.outcome, first.scanned, first.line.cartonsScanned]).toEqual(['received', 1, 1]);
  expect(((await scan(stickers[0].sscc)).body as ScanAnswer).outcome).toBe('repeated');
  const foreign = await scan(foreignStickers[0].sscc);
  expect([foreign.status, foreign.body.errorCode]).toEqual([409, 'FOREIGN_CARTON']);
  expect(foreign.body.errorMessage).toContain(`散货订舱 ${theirs.key}`);
  const detail = (await call('GET /v1/handover/:key', 'clerk', { params: { key: mine.key } })).body;
  const from = line.cartonFrom + 1;
  expect([detail.cartonsScanned, detail.cartonsHandedOver, detail.lines[0].missingCartons]).toEqual([
    1,
    1,
    from === line.cartonTo ? String(from) : `${from}–${line.cartonTo}`,
  ]);
});
