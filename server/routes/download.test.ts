/**
 * The download page's files, signed out: the two import templates and the user guide, each with the right type
 * and name; the guide is the PDF printed from docs/user-guide.md as it stands (`npm run guide` after an edit).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { USER_GUIDE_FILE_NAME } from '../../contract/download/schema';
import { assetsFolder, projectRoot } from '../paths';
import { createTestApp, type TestApp } from '../testing/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

it('sends the user guide PDF signed out, under its Chinese name', async () => {
  const answer = await t.call('GET', '/v1/download/userGuide');
  expect([answer.statusCode, answer.headers['content-type']]).toEqual([200, 'application/pdf']);
  expect(answer.headers['content-disposition']).toContain(encodeURIComponent(USER_GUIDE_FILE_NAME));
  const pdf = Buffer.from(answer.rawPayload);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.equals(fs.readFileSync(path.join(assetsFolder, 'user-guide.pdf')))).toBe(true);
});

it('has the guide printed from the user guide as it stands', () => {
  const source = fs.readFileSync(path.join(projectRoot, 'docs', 'user-guide.md'));
  const printedFrom = fs.readFileSync(path.join(assetsFolder, 'user-guide.sha256'), 'utf8').trim();
  expect(crypto.createHash('sha256').update(source).digest('hex')).toBe(printedFrom);
});

it('sends both import templates signed out, as workbooks under their names', async () => {
  for (const [url, name] of [
    ['/v1/packing/bulkdata/template', '装箱明细导入模板.xlsx'],
    ['/v1/osbPrice/template', '运价导入模板.xlsx'],
  ]) {
    const answer = await t.call('GET', url);
    expect([url, answer.statusCode, answer.headers['content-type']]).toEqual([url, 200, XLSX]);
    expect(answer.headers['content-disposition']).toContain(encodeURIComponent(name));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBeGreaterThan(0);
  }
});
