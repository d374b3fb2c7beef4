/**
 * 扫描收货 in the browser, on a tablet's 1024 × 768 touch screen: the clerk opens a waiting handover and scans its cartons as a
 * keyboard-wedge scanner does (the digits, then Enter, with the focus elsewhere). Each scan is acknowledged on its
 * line, a repeat is flagged and a carton that is not booked refused with the reason; the lines show received /
 * expected and the carton numbers still missing; the count goes on to the handover record. Both orientations.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LooseBooking } from '../../contract/loose/schema';
import { createLine, pass, ssccsOf } from './scanSetup';
import { api, baseUrl, demoToken, launchBrowser, openPage, screenshot, settled, signIn, waitForPageTitle } from './support';

const PO = `HS${Date.now().toString(36).toUpperCase()}`;
const LOOSE_PO = `${PO}X`;
const outputDir = path.join(__dirname, 'output');

let browser: Browser;
let clerk: { context: BrowserContext; page: Page; errors: string[] };
let booking: LooseBooking;
let ssccs: string[];
let looseSscc: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const [user, clerkToken] = await Promise.all(['user', 'clerk'].map((name) => demoToken(name)));
  // Two lines of one PO (cartons 1–6 and 7–10), passed at needle inspection, booked as 散货 and confirmed.
  const lines = await pass([await createLine('single', PO, 1, 6), await createLine('single', PO, 7, 10)]);
  // Cartons enough that another browser test may split its newest line (it splits 2 off).
  await createLine('single', LOOSE_PO, 1, 6);
  const versions = Object.fromEntries(lines.map((line) => [line.key, line.version]));
  const booked = await api<LooseBooking>(
    'POST',
    '/v1/looseBooking',
    { versions, forwarder: '德迅', cfsCutOff: '2099-12-01' },
    user,
  );
  expect(booked.status).toBe(201);
  const confirmed = await api<LooseBooking>(
    'PATCH',
    `/v1/looseBooking/${booked.data.key}`,
    { status: 'CONFIRMED', warehouseEntryNo: 'NBCFS-E2E-HS', version: booked.data.version },
    clerkToken,
  );
  booking = confirmed.data;
  ssccs = [...(await ssccsOf(PO)).values()];
  looseSscc = (await ssccsOf(LOOSE_PO)).get(1)!;
  clerk = await openPage(browser, { touch: true });
  await clerk.page.setViewportSize({ width: 1024, height: 768 });
  await signIn(clerk.page, 'clerk', undefined, '/shipment/single/handover');
  await waitForPageTitle(clerk.page, '订舱交接');
});
afterAll(async () => {
  await clerk?.context.close();
  await browser.close();
});

it('receives a handover by wedge scans, flags a repeat, refuses a carton not booked, and shows what is missing', async () => {
  const { page } = clerk;
  // A finger finds the row's actions: on a touch screen they are 44 px high.
  const open = page.locator('tr.ant-table-row').filter({ hasText: booking.key }).getByRole('button', { name: '扫描收货' });
  expect((await open.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await open.click();
  const drawer = page.getByRole('dialog', { name: `扫描收货 ${booking.key}` });
  await drawer.getByText(`已收 0 / 10 箱`).waitFor();
  const status = drawer.getByRole('status');
  /** A wedge scanner: the keys of the code and Enter, with the focus on no field. */
  const scan = async (code: string) => {
    await drawer.locator('.ant-drawer-title').click();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };
  // Cartons 1, 2, 4 and 6 of the first line, 7, 8 and 10 of the second, one as the printed text.
  for (const [index, no] of [0, 1, 3, 5, 6, 7, 9].entries()) {
    await scan(index === 2 ? `(00)${ssccs[no]}` : `00${ssccs[no]}`);
    await status.getByText(new RegExp(`^已收：PO ${PO} 第 ${no + 1} 箱`)).waitFor();
  }
  await scan(ssccs[3]);
  await status.getByText(`重复扫描：PO ${PO} 第 4 箱 已扫过，不重复计数`).waitFor();
  await scan(looseSscc);
  await status.getByText(`PO ${LOOSE_PO} 第 1 箱不属于本票散货 ${booking.key}（尚未订舱），请放回`).waitFor();
  await scan(`${ssccs[2].slice(0, 17)}${(Number(ssccs[2][17]) + 1) % 10}`);
  await status.getByText(`箱码校验位错误（第 18 位应为 ${ssccs[2][17]}），请重新扫描`).waitFor();

  await drawer.getByText('缺 3 箱').waitFor();
  const rows = drawer.locator('tr.ant-table-row');
  await rows.filter({ hasText: '1–6' }).getByText('4 / 6').waitFor();
  await rows.filter({ hasText: '1–6' }).getByText('3、5').waitFor();
  await rows.filter({ hasText: '7–10' }).getByText('3 / 4').waitFor();
  await rows.filter({ hasText: '7–10' }).getByText('9', { exact: true }).waitFor();
  // The scan field and the count in view, the lines below: nothing cut off on the tablet.
  const field = await drawer.getByRole('textbox', { name: '扫描箱码收货' }).boundingBox();
  expect(field && field.y + field.height).toBeLessThan(768);
  await screenshot(page, 'handover-scan-01-landscape');
  await page.setViewportSize({ width: 768, height: 1024 });
  await drawer.getByText('已收 7 / 10 箱').waitFor();
  await screenshot(page, 'handover-scan-02-portrait');
  await page.setViewportSize({ width: 1024, height: 768 });

  const token = await demoToken('clerk');
  const handover = (await api<LooseBooking>('GET', `/v1/handover/${booking.key}`, undefined, token)).data;
  expect([handover.cartonsScanned, handover.cartonsHandedOver, handover.cartonDifference]).toEqual([7, 7, -3]);

  await drawer.getByRole('button', { name: '登记交接' }).click();
  const dialog = page.getByRole('dialog', { name: `登记交接 ${booking.key}` });
  await dialog.getByText('交接箱数（订舱 10 箱，已扫描 7 箱）').waitFor();
  await dialog.getByText('箱数差异：交接 7 箱，订舱 10 箱，少 3 箱').waitFor();
  await settled(dialog);
  await screenshot(page, 'handover-scan-03-record');
  expect(clerk.errors).toEqual([]);
});

/**
 * One sticker of the PO's sticker PDF as a camera or a photo sees it: the first page rendered by pdftoppm at 200 dpi,
 * cropped to the cell of the 2 × 4 sheet (`column`, `row`), as PNG.
 */
async function stickerPicture(column: number, row: number): Promise<string> {
  const token = await demoToken('user');
  const pdf = await fetch(`${baseUrl}/v1/stickers/pdf?poNo=${PO}`, { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.status).toBe(200);
  fs.mkdirSync(outputDir, { recursive: true });
  const pdfPath = path.join(outputDir, 'handover-scan-stickers.pdf');
  fs.writeFileSync(pdfPath, Buffer.from(await pdf.arrayBuffer()));
  // A4 at 200 dpi is 1654 × 2339 pixels: a cell is half its width and a quarter of its height (even, for YUV 4:2:0).
  const [width, height] = [826, 584];
  const name = path.join(outputDir, `handover-scan-sticker-${column}-${row}`);
  execFileSync('pdftoppm', [
    '-png',
    ...['-r', '200', '-f', '1', '-l', '1', '-singlefile'],
    ...['-x', String(column * width), '-y', String(row * height), '-W', String(width), '-H', String(height)],
    pdfPath,
    name,
  ]);
  return `${name}.png`;
}

/** A picture as a video Chromium's fake camera plays (YUV4MPEG2, one 4:2:0 frame, looped). */
function y4mOf(pngPath: string): string {
  const { width, height, data } = PNG.sync.read(fs.readFileSync(pngPath));
  const rgb = (x: number, y: number) => [0, 1, 2].map((c) => data[(y * width + x) * 4 + c]);
  const luma = Buffer.alloc(width * height);
  const [u, v] = [Buffer.alloc((width / 2) * (height / 2)), Buffer.alloc((width / 2) * (height / 2))];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = rgb(x, y);
      luma[y * width + x] = 16 + (65.7 * r + 129 * g + 25 * b) / 256;
      if (x % 2 === 0 && y % 2 === 0) {
        u[(y / 2) * (width / 2) + x / 2] = 128 + (-37.9 * r - 74.5 * g + 112.4 * b) / 256;
        v[(y / 2) * (width / 2) + x / 2] = 128 + (112.4 * r - 94.1 * g - 18.3 * b) / 256;
      }
    }
  }
  const video = pngPath.replace(/\.png$/, '.y4m');
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  fs.writeFileSync(video, Buffer.concat([header, luma, u, v]));
  return video;
}

it('on a tablet without a scanner, the camera reads a sticker printed from the PDF, live or from a photo', async () => {
  // Carton 3 (the second row's first sticker) before the camera: Chromium's fake camera plays it as a video.
  const stream = y4mOf(await stickerPicture(0, 1));
  const withCamera = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${stream}`,
  ]);
  try {
    const tablet = await openPage(withCamera);
    await tablet.context.grantPermissions(['camera']);
    const { page } = tablet;
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'clerk', undefined, '/shipment/single/handover');
    await waitForPageTitle(page, '订舱交接');
    await page.locator('tr.ant-table-row').filter({ hasText: booking.key }).getByRole('button', { name: '扫描收货' }).click();
    const drawer = page.getByRole('dialog', { name: `扫描收货 ${booking.key}` });
    await drawer.getByText('已收 7 / 10 箱').waitFor();
    await drawer.getByRole('button', { name: '摄像头扫码' }).click();
    const camera = page.getByRole('dialog', { name: '摄像头扫码' });
    await camera.getByText('把箱贴上的条码对准画面，读到即自动收下').waitFor();
    await screenshot(page, 'handover-scan-04-camera');
    await camera.waitFor({ state: 'hidden' });
    await drawer
      .getByRole('status')
      .getByText(new RegExp(`^已收：PO ${PO} 第 3 箱`))
      .waitFor();
    await drawer.getByText('已收 8 / 10 箱').waitFor();
    await screenshot(page, 'handover-scan-05-camera-read');
    expect(tablet.errors).toEqual([]);
  } finally {
    await withCamera.close();
  }

  // No camera at all (the test browser has none): a photo of carton 5 reads the same.
  const { page } = clerk;
  await page.reload();
  await waitForPageTitle(page, '订舱交接');
  await page.locator('tr.ant-table-row').filter({ hasText: booking.key }).getByRole('button', { name: '扫描收货' }).click();
  const drawer = page.getByRole('dialog', { name: `扫描收货 ${booking.key}` });
  await drawer.getByRole('button', { name: '摄像头扫码' }).click();
  const camera = page.getByRole('dialog', { name: '摄像头扫码' });
  await camera.getByText(/^无法打开摄像头/).waitFor();
  await camera.getByLabel('拍照或选择图片').setInputFiles(await stickerPicture(0, 2));
  await camera.waitFor({ state: 'hidden' });
  await drawer
    .getByRole('status')
    .getByText(new RegExp(`^已收：PO ${PO} 第 5 箱`))
    .waitFor();
  await drawer.getByText('已收 9 / 10 箱').waitFor();
  expect(clerk.errors).toEqual([]);
});
