/**
 * 装柜图 as the page, the PDF and the hall read it: a box's lines in loading order planned in its type's inside
 * (setting containerCapacity), with what did not fit, the balance and each PO's sticker colour. One function for
 * the server and the mock; the side and top views' cartons for the page's SVG and the PDF alike.
 */
import { colourLegend } from '../sticker/codes';
import {
  balanceLimitPercent,
  inLayer,
  loadPlanFigures,
  planLoad,
  unplacedReasons,
  type LoadPlanBox,
  type LoadPlanLine,
} from './loadPlan';
import type { ContainerDetail, LoadPlanAnswer } from './schema';

/** A container type's inside, mm, as the setting keeps it. */
export interface InsideMm {
  length: number;
  width: number;
  height: number;
}

/** The figures of a line the planner reads: its key, PO, first carton, count, sides (cm) and gross weight per carton. */
type PlannedLine = Pick<
  ContainerDetail['lines'][number],
  'key' | 'poNo' | 'cartonFrom' | 'cartonCount' | 'ctnL' | 'ctnW' | 'ctnH' | 'gwPerCtn'
>;

const mm = (cm: number) => Math.round(cm * 10);

export const plannerLine = (line: PlannedLine): LoadPlanLine => ({
  key: line.key,
  poNo: line.poNo,
  cartonFrom: line.cartonFrom,
  cartonCount: line.cartonCount,
  ...{ lengthMm: mm(line.ctnL), widthMm: mm(line.ctnW), heightMm: mm(line.ctnH), gwPerCtnKg: line.gwPerCtn },
});

const plannerBox = (inside: InsideMm, payloadKg: number): LoadPlanBox => ({
  ...{ lengthMm: inside.length, widthMm: inside.width, heightMm: inside.height },
  payloadKg,
});

/** A percentage with its sign: `+3.2%`, `-12.4%`, `0%`. */
export const signedPercent = (value: number) => `${value > 0 ? '+' : ''}${value}%`;

/** What the page says above the drawing: cartons left out (and that the CBM sum hid it), a load off balance. */
function warningsOf(figures: ReturnType<typeof loadPlanFigures>, cbmSum: number, cbmCapacity: number): string[] {
  const warnings: string[] = [];
  if (figures.cartonsLeft > 0) {
    const hidden = cbmSum <= cbmCapacity ? `：体积合计 ${cbmSum} m³ 未超容量 ${cbmCapacity} m³，但按纸箱尺寸放不下` : '';
    warnings.push(`${figures.cartonsLeft} 箱装不下${hidden}`);
  }
  const along = figures.balanceAlongPercent;
  if (Math.abs(along) > balanceLimitPercent) {
    warnings.push(`重心纵向偏离中心 ${signedPercent(along)}（超过 ${balanceLimitPercent}%），偏向${along < 0 ? '柜头' : '柜门'}`);
  }
  const across = figures.balanceAcrossPercent;
  if (Math.abs(across) > balanceLimitPercent) {
    warnings.push(`重心横向偏离中心 ${signedPercent(across)}（超过 ${balanceLimitPercent}%），偏${across < 0 ? '左' : '右'}`);
  }
  return warnings;
}

/** What the load plan reads of a box. */
type PlannedBox = Pick<ContainerDetail, 'key' | 'containerNo' | 'containerType' | 'payloadKg' | 'cbmCapacity' | 'lines'>;

/** GET /v1/osbContainer/{key}/loadPlan: the box's lines planned in `inside`. */
export function loadPlanAnswer(box: PlannedBox, inside: InsideMm): LoadPlanAnswer {
  const placement = planLoad(plannerBox(inside, box.payloadKg), box.lines.map(plannerLine));
  const figures = loadPlanFigures(plannerBox(inside, box.payloadKg), placement);
  const cbmSum = Math.round(box.lines.reduce((sum, line) => sum + line.cbm, 0) * 1000) / 1000;
  return {
    key: box.key,
    containerNo: box.containerNo,
    containerType: box.containerType,
    inside: { lengthMm: inside.length, widthMm: inside.width, heightMm: inside.height },
    payloadKg: box.payloadKg,
    cbmCapacity: box.cbmCapacity,
    cbmSum,
    blocks: placement.blocks,
    unplaced: placement.unplaced.map((part) => ({ ...part, reasonText: unplacedReasons[part.reason] })),
    ...figures,
    legend: colourLegend(box.lines.map((line) => line.poNo)).map(({ key, colour }) => ({ poNo: key, colour })),
    lines: box.lines.map(({ key, poNo, styleNo, colour }) => ({ key, poNo, styleNo, colour })),
    warnings: warningsOf(figures, cbmSum, box.cbmCapacity),
  };
}

/**
 * The hall's question before a load: do the chosen lines fit beside what the box holds, by the cartons' shapes?
 * The cartons that would be left out, or 0.
 */
export function cartonsLeftOut(inside: InsideMm, payloadKg: number, lines: readonly PlannedLine[]): number {
  const placement = planLoad(plannerBox(inside, payloadKg), lines.map(plannerLine));
  return placement.unplaced.filter((part) => part.reason !== 'payload').reduce((sum, part) => sum + part.cartons, 0);
}

const metres = (mm: number) => Math.round(mm / 10) / 100;

/** The load plan under the load list, for the warehouse: each block's cartons and place, then what does not fit. */
export function loadPlanRows(plan: LoadPlanAnswer): (string | number)[][] {
  return [
    [],
    [
      `装柜图（${plan.containerType}，柜内 ${plan.inside.lengthMm} × ${plan.inside.widthMm} × ${plan.inside.heightMm} mm；距离为米）`,
    ],
    ['顺序', 'PO号', '明细', '箱号', '箱数', '摆放（长×宽×高 箱）', '距柜头', '距左侧', '离地', '层'],
    ...plan.blocks.map((block, i) => [
      i + 1,
      block.poNo,
      block.lineKey,
      `${block.cartonFrom}-${block.cartonTo}`,
      block.nx * block.ny * block.nz,
      `${block.nx}×${block.ny}×${block.nz}`,
      metres(block.x),
      metres(block.y),
      metres(block.z),
      block.nz === 1 ? `${block.layer + 1}` : `${block.layer + 1}-${block.layer + block.nz}`,
    ]),
    ...plan.unplaced.map((part) => [
      '装不下',
      part.poNo,
      part.lineKey,
      `${part.cartonFrom}-${part.cartonTo}`,
      part.cartons,
      part.reasonText,
    ]),
  ];
}

type Block = LoadPlanAnswer['blocks'][number];

/** A carton's face in a view: mm in the view's plane, y growing downwards as on a page. */
export interface ViewCell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A block as a view draws it: its PO's colour and the faces of its cartons that the view shows. */
export interface ViewBlock {
  block: Block;
  colour: string;
  cells: ViewCell[];
}

const colourOfPo = (plan: LoadPlanAnswer) => {
  const colours = new Map(plan.legend.map(({ poNo, colour }) => [poNo, colour]));
  return (poNo: string) => colours.get(poNo) ?? '#d9d9d9';
};

/** The side view, seen from the left (front wall left, doors right): the furthest blocks first, drawn over by nearer ones. */
export function sideView(plan: LoadPlanAnswer): ViewBlock[] {
  const colour = colourOfPo(plan);
  return [...plan.blocks]
    .sort((a, b) => b.y - a.y)
    .map((block) => ({
      block,
      colour: colour(block.poNo),
      cells: Array.from({ length: block.nx * block.nz }, (_, n) => ({
        x: block.x + (n % block.nx) * block.lengthMm,
        y: plan.inside.heightMm - block.z - (Math.floor(n / block.nx) + 1) * block.heightMm,
        width: block.lengthMm,
        height: block.heightMm,
      })),
    }));
}

/** The top view of `layer` (counted from the floor): the blocks that hold cartons in it. */
export function topView(plan: LoadPlanAnswer, layer: number): ViewBlock[] {
  const colour = colourOfPo(plan);
  return plan.blocks
    .filter((block) => inLayer(block, layer))
    .map((block) => ({
      block,
      colour: colour(block.poNo),
      cells: Array.from({ length: block.nx * block.ny }, (_, n) => ({
        x: block.x + (n % block.nx) * block.lengthMm,
        y: block.y + Math.floor(n / block.nx) * block.widthMm,
        width: block.lengthMm,
        height: block.widthMm,
      })),
    }));
}
