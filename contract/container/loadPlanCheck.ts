/**
 * A placement's checker, apart from the planner (loadPlan.ts) and trusting nothing of it: every carton inside, none
 * overlapping another, turned only about the vertical axis, resting on the floor or on cartons below for at least
 * 80 % of its base, never on a lighter carton, the payload kept, and each line's cartons placed or named once.
 * The property tests hold the planner to it.
 */
import type { LoadPlacement, LoadPlanBox, LoadPlanLine } from './loadPlan';

/** The least share of a carton's base that must rest on cartons below. */
export const minSupportShare = 0.8;

interface Carton {
  lineKey: string;
  no: number;
  x: number;
  y: number;
  z: number;
  l: number;
  w: number;
  h: number;
  kg: number;
}

function cartonsOf(placement: LoadPlacement): Carton[] {
  const cartons: Carton[] = [];
  for (const block of placement.blocks) {
    let no = block.cartonFrom;
    for (let k = 0; k < block.nz; k += 1)
      for (let j = 0; j < block.ny; j += 1)
        for (let i = 0; i < block.nx; i += 1) {
          cartons.push({
            lineKey: block.lineKey,
            no,
            x: block.x + i * block.lengthMm,
            y: block.y + j * block.widthMm,
            z: block.z + k * block.heightMm,
            ...{ l: block.lengthMm, w: block.widthMm, h: block.heightMm, kg: block.gwPerCtnKg },
          });
          no += 1;
        }
  }
  return cartons;
}

const overlapOf = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
const footprintOverlap = (a: Carton, b: Carton) =>
  overlapOf(a.x, a.x + a.l, b.x, b.x + b.l) * overlapOf(a.y, a.y + a.w, b.y, b.y + b.w);
const name = (carton: Carton) => `${carton.lineKey} 第 ${carton.no} 箱`;

/** The problems of a placement of `lines` in `box`; none when it holds. */
export function loadPlacementProblems(box: LoadPlanBox, lines: readonly LoadPlanLine[], placement: LoadPlacement): string[] {
  const problems: string[] = [];
  const byKey = new Map(lines.map((line) => [line.key, line]));
  const cartons = cartonsOf(placement);
  const seen = new Map<string, Set<number>>(lines.map((line) => [line.key, new Set<number>()]));
  const count = (lineKey: string, from: number, to: number, what: string) => {
    const line = byKey.get(lineKey);
    const numbers = seen.get(lineKey);
    if (!line || !numbers) return problems.push(`${what} 属于未知明细 ${lineKey}`);
    for (let no = from; no <= to; no += 1) {
      if (no < line.cartonFrom || no >= line.cartonFrom + line.cartonCount) problems.push(`${lineKey} 没有第 ${no} 箱`);
      else if (numbers.has(no)) problems.push(`${lineKey} 第 ${no} 箱出现两次`);
      numbers.add(no);
    }
  };
  for (const carton of cartons) count(carton.lineKey, carton.no, carton.no, name(carton));
  for (const part of placement.unplaced) count(part.lineKey, part.cartonFrom, part.cartonTo, '未装的箱');
  for (const line of lines) {
    const missing = line.cartonCount - (seen.get(line.key)?.size ?? 0);
    if (missing > 0) problems.push(`${line.key} 有 ${missing} 箱既未装也未列出`);
  }
  let kg = 0;
  for (const carton of cartons) {
    const line = byKey.get(carton.lineKey);
    kg += carton.kg;
    if (!line) continue;
    const upright = carton.h === line.heightMm;
    const turned =
      (carton.l === line.lengthMm && carton.w === line.widthMm) || (carton.l === line.widthMm && carton.w === line.lengthMm);
    if (!upright || !turned || carton.kg !== line.gwPerCtnKg)
      problems.push(`${name(carton)} 的尺寸或重量与明细不符（只可水平转向）`);
    const inside =
      carton.x >= 0 &&
      carton.y >= 0 &&
      carton.z >= 0 &&
      carton.x + carton.l <= box.lengthMm &&
      carton.y + carton.w <= box.widthMm &&
      carton.z + carton.h <= box.heightMm;
    if (!inside) problems.push(`${name(carton)} 超出柜内`);
  }
  if (Math.round(kg * 1000) > Math.round(box.payloadKg * 1000)) problems.push(`装载 ${kg} kg 超过载重 ${box.payloadKg} kg`);
  const alongX = [...cartons].sort((a, b) => a.x - b.x);
  alongX.forEach((carton, i) => {
    for (let j = i + 1; j < alongX.length && alongX[j].x < carton.x + carton.l; j += 1) {
      const other = alongX[j];
      if (footprintOverlap(carton, other) > 0 && overlapOf(carton.z, carton.z + carton.h, other.z, other.z + other.h) > 0)
        problems.push(`${name(carton)} 与 ${name(other)} 重叠`);
    }
  });
  const byTop = new Map<number, Carton[]>();
  for (const carton of cartons) {
    const top = carton.z + carton.h;
    byTop
      .set(top, byTop.get(top) ?? [])
      .get(top)!
      .push(carton);
  }
  for (const carton of cartons) {
    if (carton.z === 0) continue;
    const below = (byTop.get(carton.z) ?? []).filter((other) => footprintOverlap(carton, other) > 0);
    const supported = below.reduce((sum, other) => sum + footprintOverlap(carton, other), 0);
    if (supported < minSupportShare * carton.l * carton.w) problems.push(`${name(carton)} 底面承托不足 80%`);
    const lighter = below.find((other) => other.kg < carton.kg);
    if (lighter) problems.push(`${name(carton)} 压在较轻的 ${name(lighter)} 上`);
  }
  return problems;
}
