/** Reading uploads with the bounded reader and writing exports with the streaming writer (server/xlsx/writeSheet). */
import type { BulkLine } from '../../../contract/packing/schema';
import { lineFreightHeader } from '../../../contract/freight/codes';
import { bulkSheetHeader, bulkLineToSheetRow } from '../../../contract/packing/sheet';
import { importHeaders, importWorkbook } from '../../testing/upload';
import { declaredSize, zipEntries } from '../../xlsx/zip';
import { OversizedSheetError, UnreadableSheetError } from '../../xlsx/readSheet';
import { bulkSheetStream, readSheetRows } from './sheetFile';

const line: BulkLine = {
  key: 'BD00000001',
  type: 'multi',
  odgItemNo: 'ODG1',
  poNo: 'PO-1',
  styleNo: 'ST',
  colour: 'NAVY',
  factoryCode: 'F01',
  sizeGroup: 'APP-INT',
  sizeBreakdown: { S: 2, M: 4 },
  packType: 'SCAS',
  cartonFrom: 1,
  cartonTo: 10,
  cartonCount: 10,
  qtyPerCarton: 6,
  totalQty: 60,
  nwPerCtn: 8.4,
  gwPerCtn: 9.2,
  totalNw: 84,
  totalGw: 92,
  ctnL: 60,
  ctnW: 40,
  ctnH: 35,
  cbm: 0.84,
  destination: 'LA',
  exFactoryDate: '2025-03-10',
  status: 'pendingInspection',
  inspectionResult: null,
  planKey: null,
  containerKey: null,
  owner: 'u1',
  version: 1,
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
};

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

it('reads every workbook exceljs writes (its streaming reader drops the last zip entry now and then)', async () => {
  for (let i = 0; i < 60; i += 1) {
    const rows = await readSheetRows(await importWorkbook([{ PO号: `PO-${i}`, 起始箱号: i }]));
    expect(rows[0]).toEqual(importHeaders);
    expect(rows[1][1]).toBe(`PO-${i}`);
  }
});

it('reads an export back: the header row and one row per line', async () => {
  const file = await collect(
    bulkSheetStream(
      (async function* () {
        yield [line, { ...line, key: 'BD00000002' }];
      })(),
      () => ['S', 'M'],
    ),
  );
  const rows = await readSheetRows(file);
  expect(rows[0]).toEqual([...bulkSheetHeader(), ...lineFreightHeader]);
  expect(rows).toHaveLength(3);
  expect(rows[1].slice(0, 12)).toEqual(bulkLineToSheetRow(line, ['S', 'M']).slice(0, 12));
});

it('refuses what is not a zip, and a workbook that unpacks to more than the limit', async () => {
  await expect(readSheetRows(Buffer.from('PO号,款号\nPO-1,ST'))).rejects.toBeInstanceOf(UnreadableSheetError);
  await expect(readSheetRows(Buffer.alloc(0))).rejects.toBeInstanceOf(UnreadableSheetError);
  const file = await importWorkbook(Array.from({ length: 200 }, (_, i) => ({ PO号: `PO-${i}` })));
  const size = declaredSize(zipEntries(file));
  expect(size).toBeGreaterThan(file.length);
  await expect(readSheetRows(file, size - 1)).rejects.toBeInstanceOf(OversizedSheetError);
  expect(await readSheetRows(file, size)).toHaveLength(201);
});
