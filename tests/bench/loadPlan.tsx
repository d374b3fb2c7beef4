/**
 * `npm run bench:loadplan`: the load plan (装柜图) against its targets.
 * - Planning: a 40HQ with 1 500 cartons of 6 sizes (3 POs), as the server plans it for GET …/loadPlan
 *   (loadPlanAnswer: planner, figures, warnings): p95 ≤ 300 ms.
 * - Drawing: the container page's LoadPlanDrawing for that plan, its markup inserted into Debian's Chromium and
 *   drawn (layout and paint, two frames): p95 ≤ 200 ms. React's own render of it is timed beside (server render).
 * - Real-looking loads: the volume the cartons' shapes take beside the CBM sum, per load.
 *
 * Options: --runs=30. Prints figures; exits 0.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { chromium } from 'playwright-core';
import { loadPlanAnswer } from '../../contract/container/loadPlanView';
import { settingDefaults } from '../../contract/setting/schema';
import LoadPlanDrawing from '../../src/pages/shipment/multi/container/LoadPlanDrawing';

const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 30);
const inside = settingDefaults.containerCapacity;
type Sides = [number, number, number];
type Load = { name: string; type: keyof typeof inside; lines: { po: string; count: number; sides: Sides; kg: number }[] };

function boxOf(load: Load): Parameters<typeof loadPlanAnswer>[0] {
  const lines = load.lines.map((line, i) => {
    const [l, w, h] = line.sides;
    return {
      ...{ key: `BD${String(i + 1).padStart(8, '0')}`, poNo: line.po, styleNo: `ST-${i + 1}`, colour: 'NAVY' },
      ...{ cartonFrom: 1, cartonTo: line.count, cartonCount: line.count, totalQty: line.count * 12 },
      ...{ totalNw: line.count * (line.kg - 1), totalGw: line.count * line.kg, gwPerCtn: line.kg },
      cbm: Math.round((line.count * l * w * h) / 1000) / 1000,
      ...{ destination: 'USLAX', ctnL: l, ctnW: w, ctnH: h, version: 1, cartonsScanned: 0, missingCartons: '' },
    };
  });
  const capacity = inside[load.type];
  return {
    ...{ key: 'CT00000001', planKey: 'OP00000001', containerType: load.type, containerNo: 'CSQU3054383', sealNo: null },
    ...{ tareKg: null, vgmKg: null, cbmCapacity: capacity.cbm, payloadKg: capacity.payloadKg, bolKey: null },
    ...{ cartonsScanned: 0, owner: '1', version: 1, createdAt: '', updatedAt: '', planStatus: 'LOADING' as const },
    ...{ pod: 'USLAX', etd: '2026-12-20', carrier: 'MSCU', lineCount: lines.length, cbmUsed: 0, weightUsed: 0, cbmLimit: 0 },
    lines,
  };
}

const sixSizes: Load = {
  name: '40HQ 1 500 箱 6 种尺寸 3 个 PO',
  type: '40HQ',
  lines: [
    { po: 'PO-A', count: 250, sides: [50, 35, 25], kg: 12 },
    { po: 'PO-A', count: 250, sides: [45, 35, 25], kg: 13 },
    { po: 'PO-B', count: 250, sides: [48, 32, 24], kg: 14 },
    { po: 'PO-B', count: 250, sides: [40, 30, 30], kg: 15 },
    { po: 'PO-C', count: 250, sides: [52, 34, 20], kg: 16 },
    { po: 'PO-C', count: 250, sides: [46, 30, 22], kg: 17 },
  ],
};
const loads: Load[] = [
  sixSizes,
  { name: '40HQ 服装单一箱规', type: '40HQ', lines: [{ po: 'PO-1', count: 600, sides: [60, 40, 40], kg: 11 }] },
  {
    name: '40HQ 鞋 两个 PO',
    type: '40HQ',
    lines: [
      { po: 'PO-1', count: 600, sides: [55, 38, 32], kg: 9 },
      { po: 'PO-2', count: 150, sides: [62, 42, 36], kg: 10 },
    ],
  },
  {
    name: '20GP 演示箱规',
    type: '20GP',
    lines: [
      { po: 'PO-1', count: 100, sides: [62, 42, 36], kg: 9.8 },
      { po: 'PO-2', count: 120, sides: [58.5, 38.5, 30.5], kg: 6.9 },
      { po: 'PO-3', count: 40, sides: [70, 50, 40], kg: 12.4 },
    ],
  },
  { name: '40GP 大箱 接近容量', type: '40GP', lines: [{ po: 'PO-1', count: 330, sides: [70, 50, 50], kg: 15 }] },
  {
    name: '45HQ 五个 PO 混装',
    type: '45HQ',
    lines: ['A', 'B', 'C', 'D', 'E'].map((po, i) => ({
      po: `PO-${po}`,
      count: 150,
      sides: [60 - i * 2, 40, 36 + i] as Sides,
      kg: 10 + i,
    })),
  },
];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.ceil((p / 100) * values.length) - 1];
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  const box = boxOf(sixSizes);
  const innerMm = inside['40HQ'].innerMm;
  const planTimes: number[] = [];
  let plan = loadPlanAnswer(box, innerMm);
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    plan = loadPlanAnswer(box, innerMm);
    planTimes.push(performance.now() - start);
  }
  const planP95 = percentile(planTimes, 95);
  console.log(`planning  ${sixSizes.name}: ${plan.cartonsPlaced} / 1500 placed in ${plan.blocks.length} blocks`);
  console.log(
    `          median ${ms(percentile(planTimes, 50))}  p95 ${ms(planP95)}  (target ≤ 300 ms) ${planP95 <= 300 ? 'PASS' : 'FAIL'}`,
  );

  const reactTimes: number[] = [];
  let markup = '';
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    markup = renderToStaticMarkup(<LoadPlanDrawing plan={plan} />);
    reactTimes.push(performance.now() - start);
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.setContent('<!doctype html><meta charset="utf-8"><div id="root" style="width: 860px"></div>');
  const drawTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    drawTimes.push(
      await page.evaluate(
        (html) =>
          new Promise<number>((resolve) => {
            const root = document.getElementById('root')!;
            root.innerHTML = '';
            const start = performance.now();
            root.innerHTML = html;
            root.getBoundingClientRect();
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
          }),
        markup,
      ),
    );
  }
  await browser.close();
  const drawP95 = percentile(drawTimes, 95);
  const rects = (markup.match(/<rect/g) ?? []).length;
  console.log(
    `drawing   ${rects} rects: React render median ${ms(percentile(reactTimes, 50))}, p95 ${ms(percentile(reactTimes, 95))}`,
  );
  console.log(
    `          Chromium layout + paint median ${ms(percentile(drawTimes, 50))}  p95 ${ms(drawP95)}  (target ≤ 200 ms) ${drawP95 <= 200 ? 'PASS' : 'FAIL'}`,
  );

  console.log('\nload                               cartons  placed   CBM sum / capacity   by shape   balance along / across');
  for (const load of loads) {
    const answer = loadPlanAnswer(boxOf(load), inside[load.type].innerMm);
    const total = answer.cartonsPlaced + answer.cartonsLeft;
    console.log(
      `${load.name.padEnd(28)} ${String(total).padStart(8)} ${String(answer.cartonsPlaced).padStart(7)}   ` +
        `${String(answer.cbmSum).padStart(7)} / ${String(answer.cbmCapacity).padEnd(3)} m³ (${((answer.cbmSum / answer.cbmCapacity) * 100).toFixed(1)} %)` +
        `   ${String(answer.volumeUsedPercent).padStart(5)} %   ${answer.balanceAlongPercent} % / ${answer.balanceAcrossPercent} %`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
