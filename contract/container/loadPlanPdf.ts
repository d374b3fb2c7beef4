/**
 * 装柜图 as an A4 PDF for the warehouse, in Noto Sans SC (pdfFonts.ts): the box and its figures, the warnings,
 * the legend of PO colours, the side view and a top view of every layer, each carton to scale.
 * Node only: the page draws the same plan as SVG.
 */
import { PDF_FONT, PDF_FONT_BOLD, useCjkFonts } from '../pdfFonts';
import { inLayer, layerCount } from './loadPlan';
import type { LoadPlanAnswer } from './schema';

/** A4 landscape, points. */
const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const INK = '#262626';

type Doc = PDFKit.PDFDocument;
type Block = LoadPlanAnswer['blocks'][number];

/** The file name: `装柜图-CSQU3054383.pdf` (the box's key until it has a number). */
export const loadPlanFileName = (plan: { key: string; containerNo: string | null }) =>
  `装柜图-${plan.containerNo ?? plan.key}.pdf`;

/** Carton cells of a view: (x, y, width, height) in mm of the view's plane, with the PO's colour. */
type Cell = [number, number, number, number, string];

function sideCells(plan: LoadPlanAnswer, colourOf: Map<string, string>): Cell[] {
  const cells: Cell[] = [];
  // From the left side: the furthest blocks first, the nearer ones drawn over them.
  for (const block of [...plan.blocks].sort((a, b) => b.y - a.y))
    for (let k = 0; k < block.nz; k += 1)
      for (let i = 0; i < block.nx; i += 1) {
        const top = plan.inside.heightMm - block.z - (k + 1) * block.heightMm;
        cells.push([block.x + i * block.lengthMm, top, block.lengthMm, block.heightMm, colourOf.get(block.poNo)!]);
      }
  return cells;
}

function topCells(blocks: readonly Block[], layer: number, colourOf: Map<string, string>): Cell[] {
  const cells: Cell[] = [];
  for (const block of blocks) {
    if (!inLayer(block, layer)) continue;
    for (let j = 0; j < block.ny; j += 1)
      for (let i = 0; i < block.nx; i += 1)
        cells.push([
          block.x + i * block.lengthMm,
          block.y + j * block.widthMm,
          block.lengthMm,
          block.widthMm,
          colourOf.get(block.poNo)!,
        ]);
  }
  return cells;
}

/** A view of `width` × `height` mm drawn `scale` points a mm from (x, y), with its caption above. */
function drawView(doc: Doc, at: { x: number; y: number; scale: number }, size: [number, number], cells: Cell[], caption: string) {
  doc
    .font(PDF_FONT)
    .fontSize(9)
    .fillColor(INK)
    .text(caption, at.x, at.y - 13, { lineBreak: false });
  for (const [x, y, w, h, colour] of cells) {
    doc
      .rect(at.x + x * at.scale, at.y + y * at.scale, w * at.scale, h * at.scale)
      .lineWidth(0.3)
      .fillAndStroke(colour, '#434343');
  }
  doc
    .rect(at.x, at.y, size[0] * at.scale, size[1] * at.scale)
    .lineWidth(0.8)
    .stroke(INK);
}

const signed = (value: number) => `${value > 0 ? '+' : ''}${value}%`;

export async function loadPlanPdf(plan: LoadPlanAnswer, box: { sealNo: string | null; planKey: string }): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: PAGE.margin, info: { Title: 'Load plan' } });
  useCjkFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const { lengthMm: length, widthMm: width, heightMm: height } = plan.inside;
  const colourOf = new Map(plan.legend.map(({ poNo, colour }) => [poNo, colour]));
  const left = PAGE.margin;
  const usable = PAGE.width - 2 * PAGE.margin;
  const scale = usable / length;

  doc
    .font(PDF_FONT_BOLD)
    .fontSize(16)
    .fillColor(INK)
    .text(`装柜图  柜 ${plan.containerNo ?? plan.key}  ${plan.containerType}`, left, PAGE.margin);
  const figures = [
    `订舱计划 ${box.planKey}    封号 ${box.sealNo ?? '—'}    柜内 ${length} × ${width} × ${height} mm`,
    `装入 ${plan.cartonsPlaced} / ${plan.cartonsPlaced + plan.cartonsLeft} 箱    按纸箱尺寸占柜内 ${plan.volumeUsedPercent}%    ` +
      `体积合计 ${plan.cbmSum} / 容量 ${plan.cbmCapacity} m³    重量 ${plan.placedKg} / ${plan.payloadKg} kg    ` +
      `重心偏离 纵 ${signed(plan.balanceAlongPercent)} 横 ${signed(plan.balanceAcrossPercent)}`,
    ...plan.warnings.map((warning) => `注意：${warning}`),
    ...plan.unplaced.map(
      (part) =>
        `装不下：PO ${part.poNo} 明细 ${part.lineKey} 第 ${part.cartonFrom}–${part.cartonTo} 箱（${part.cartons} 箱），${part.reasonText}`,
    ),
  ];
  doc
    .font(PDF_FONT)
    .fontSize(9)
    .text(figures.join('\n'), left, doc.y + 4, { width: usable, lineGap: 2 });

  // The legend: a swatch and the PO, in a row that wraps.
  let lx = left;
  let ly = doc.y + 6;
  for (const { poNo, colour } of plan.legend) {
    const label = `PO ${poNo}`;
    const labelWidth = doc.widthOfString(label) + 22;
    if (lx + labelWidth > left + usable) {
      lx = left;
      ly += 14;
    }
    doc.rect(lx, ly, 12, 10).fillAndStroke(colour, '#434343');
    doc.fillColor(INK).text(label, lx + 16, ly + 1, { lineBreak: false });
    lx += labelWidth;
  }

  let y = ly + 32;
  drawView(doc, { x: left, y, scale }, [length, height], sideCells(plan, colourOf), '侧视图（左为柜头，右为柜门）');
  y += height * scale + 28;
  const layers = layerCount(plan.blocks);
  for (let layer = 0; layer < layers; layer += 1) {
    if (y + width * scale > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin + 14;
    }
    const caption = `俯视图 第 ${layer + 1} / ${layers} 层（从地板数起）`;
    drawView(doc, { x: left, y, scale }, [length, width], topCells(plan.blocks, layer, colourOf), caption);
    y += width * scale + 28;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
