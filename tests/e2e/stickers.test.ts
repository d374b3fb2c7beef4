/**
 * 彩贴 end to end: the customer makes the stickers of a PO (one per carton, coloured by size), the sheets show on
 * the page as they print, and the PDF's first page, rendered by pdftoppm, carries a barcode that a scanner's
 * decoder (ZXing) reads as the first carton's SSCC, and its Chinese colour and destination in the embedded font.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import type { Factory, SizeGroup } from '../../contract/lookup/schema';
import type { StickerSheet } from '../../contract/sticker/schema';
import { decodeCode128 } from '../support/barcode';
import { api, buttonName, demoToken, launchBrowser, openPage, screenshot, signIn, waitForPageTitle } from './support';

const PO = `ST${Date.now().toString(36).toUpperCase()}`;
const outputDir = path.join(__dirname, 'output');
let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await demoToken('user');
  const [factory] = (await api<Factory[]>('GET', '/v1/factories', undefined, token)).data;
  const [group] = (await api<SizeGroup[]>('GET', '/v1/sizeGroup', undefined, token)).data;
  // Twelve cartons of two sizes: two sheets of 2 × 4, two colours on the legend.
  for (const [cartonFrom, size] of [
    [1, group.sizes[0]],
    [9, group.sizes[1]],
  ] as const) {
    const created = await api(
      'POST',
      '/v1/packing/multi/bulkdata',
      {
        ...{ odgItemNo: 'ODG-E2E-ST', poNo: PO, styleNo: 'ST-TEE', colour: '红色', factoryCode: factory.code },
        ...{
          sizeGroup: group.code,
          sizeBreakdown: { [size]: 6 },
          packType: 'SCSS',
          cartonFrom,
          cartonTo: cartonFrom + (cartonFrom === 1 ? 7 : 3),
        },
        ...{ nwPerCtn: 5, gwPerCtn: 6, ctnL: 50, ctnW: 40, ctnH: 30, destination: '汉堡', exFactoryDate: '2026-12-01' },
      },
      token,
    );
    expect(created.status).toBe(201);
  }
});
afterAll(() => browser.close());

test('the stickers of a PO print to PDF, and the first page’s barcode decodes to the first carton’s SSCC', async () => {
  const { context, page, errors } = await openPage(browser);
  await signIn(page, 'user', undefined, '/tools/colorStickers');
  await waitForPageTitle(page, '彩贴生成');
  await page.locator('#poNo').fill(PO);
  await page.getByRole('button', { name: buttonName('生成') }).click();
  await page.getByText('共 12 张').waitFor();
  await page.getByRole('region', { name: '彩贴第 2 页' }).waitFor();
  expect(await page.getByRole('article').count()).toBe(12);
  await screenshot(page, 'stickers-01-sheets');

  const { data: sheet } = await api<StickerSheet>('GET', `/v1/stickers?poNo=${PO}`, undefined, token);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载 PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`彩贴-${PO}.pdf`);
  fs.mkdirSync(outputDir, { recursive: true });
  const pdfPath = path.join(outputDir, 'stickers-02.pdf');
  await download.saveAs(pdfPath);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '200',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfPath,
    path.join(outputDir, 'stickers-02-pdf'),
  ]);
  const png = PNG.sync.read(fs.readFileSync(path.join(outputDir, 'stickers-02-pdf.png')));
  // Chinese prints as the page shows it (an embedded CJK font), not as '?'.
  const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain('COLOUR 红色');
  expect(text).toContain('DEST 汉堡');
  expect(text).not.toContain('?');

  // The first sticker: the top-left cell of the 2 × 4 page, in grey.
  const width = Math.floor(png.width / 2);
  const height = Math.floor(png.height / 4);
  const grey = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * png.width + x) * 4;
      grey[y * width + x] = (png.data[i] * 299 + png.data[i + 1] * 587 + png.data[i + 2] * 114) / 1000;
    }
  expect(decodeCode128(grey, width, height)).toMatch(new RegExp(`^(\\]C1)?00${sheet.stickers[0].sscc}$`));
  expect(errors).toEqual([]);
  await context.close();
});
