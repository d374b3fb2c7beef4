/**
 * 装柜图 as an A4 PDF for the warehouse, in Noto Sans SC (pdfFonts.ts): the box and its figures, the warnings,
 * the legend of PO colours, the side view and a top view of every layer, each carton to scale.
 * Node only: the page draws the same plan as SVG.
 */
import { PDF_FONT, PDF_FONT_BOLD, useCjkFonts } from '../shared/pdfFonts';
import { layerCount } from './loadPlan';
import { signedPercent, sideView, topView, type ViewBlock } from './loadPlanView';
import type { LoadPlanAnswer } from './schema';

/** A4 landscape, points. */
const PAGE = { width: 841.89, height: 595.28, margin: 36 };
const INK = '#262626';

type Doc = PDFKit.PDFDocument;

/** The file name: `装柜图-CSQU3054383.pdf` (the box's key until it has a number). */
export const loadPlanFileName = (plan: { key: string; containerNo: string | null }) =>
  `装柜图-${plan.containerNo ?? plan.key}.pdf`;

/** A view of `width` × `height` mm drawn `scale` points a mm from (x, y), with its caption above. */
function drawView(
  doc: Doc,
  at: { x: number; y: number; scale: number },
  size: [number, number],
  view: ViewBlock[],
  caption: string,
) {
  doc
    .font(PDF_FONT)
    .fontSize(9)
    .fillColor(INK)
    .text(caption, at.x, at.y - 13, { lineBreak: false });
  for (const { colour, cells } of view)
    for (const { x, y, width, height } of cells) {
      doc
        .rect(at.x + x * at.scale, at.y + y * at.scale, width * at.scale, height * at.scale)
        .lineWidth(0.3)
        .fillAndStroke(colour, '#434343');
    }
  doc
    .rect(at.x, at.y, size[0] * at.scale, size[1] * at.scale)
    .lineWidth(0.8)
    .stroke(INK);
}

export async function loadPlanPdf(plan: LoadPlanAnswer, box: { sealNo: string | null; planKey: string }): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: PAGE.margin, info: { Title: 'Load plan' } });
  useCjkFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const { lengthMm: length, widthMm: width, heightMm: height } = plan.inside;
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
      `重心偏离 纵 ${signedPercent(plan.balanceAlongPercent)} 横 ${signedPercent(plan.balanceAcrossPercent)}`,
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
  drawView(doc, { x: left, y, scale }, [length, height], sideView(plan), '侧视图（左为柜头，右为柜门）');
  y += height * scale + 28;
  const layers = layerCount(plan.blocks);
  for (let layer = 0; layer < layers; layer += 1) {
    if (y + width * scale > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = PAGE.margin + 14;
    }
    const caption = `俯视图 第 ${layer + 1} / ${layers} 层（从地板数起）`;
    drawView(doc, { x: left, y, scale }, [length, width], topView(plan, layer), caption);
    y += width * scale + 28;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
