/**
 * Colour stickers drawn into an A4 PDF in Noto Sans SC (pdfFonts.ts), Chinese included: a coloured band with the
 * colour key, the carton's PO, style, colour, sizes, destination and carton n of N, and the SSCC as a GS1-128
 * barcode with its text.
 * Node only: the page prints the same stickers from HTML.
 */
import type { StickerSheet } from './schema';
import { gs1128Modules, stickerLayouts, type StickerLayout } from './codes';
import { PDF_FONT, PDF_FONT_BOLD, useCjkFonts } from '../shared/pdfFonts';

const A4 = { width: 595.28, height: 841.89 };
/** GS1 asks for a quiet zone of ten modules each side of the bars. */
const QUIET_MODULES = 10;

export async function stickerPdf(sheet: StickerSheet, layout: StickerLayout): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Carton stickers' } });
  useCjkFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const { columns, rows } = stickerLayouts[layout];
  const width = A4.width / columns;
  const height = A4.height / rows;
  const small = rows > 4;
  sheet.stickers.forEach((sticker, i) => {
    const slot = i % (columns * rows);
    if (slot === 0) doc.addPage();
    const x = (slot % columns) * width;
    const y = Math.floor(slot / columns) * height;
    const pad = small ? 5 : 10;
    const band = small ? 12 : 24;
    // No frame: the sheets are pre-cut labels, and a line beside the bars would cut into their quiet zone.
    doc.rect(x + 2, y + 2, width - 4, band).fill(sticker.fill);
    doc
      .fillColor('#000000')
      .font(PDF_FONT_BOLD)
      .fontSize(small ? 8 : 14)
      .text(sticker.colourKey, x + pad, y + 2 + (small ? 2 : 5), { width: width - 2 * pad, lineBreak: false });
    const lines = [
      `PO ${sticker.poNo}   CTN ${sticker.cartonNo} / ${sticker.cartonTotal}`,
      `STYLE ${sticker.styleNo}   COLOUR ${sticker.colour}`,
      `SIZE ${sticker.sizes}`,
      `DEST ${sticker.destination}`,
    ];
    doc
      .font(PDF_FONT)
      .fontSize(small ? 5.5 : 9)
      .text(lines.join('\n'), x + pad, y + band + (small ? 3 : 8), {
        width: width - 2 * pad,
        lineGap: small ? 0 : 1.5,
      });

    const modules = gs1128Modules(`00${sticker.sscc}`);
    const total = modules.reduce((sum, run) => sum + run, 0) + 2 * QUIET_MODULES;
    const module = (width - 2 * pad) / total;
    const barTop = y + height * (small ? 0.52 : 0.55);
    const barHeight = height * (small ? 0.3 : 0.3);
    let bx = x + pad + QUIET_MODULES * module;
    modules.forEach((run, j) => {
      if (j % 2 === 0) doc.rect(bx, barTop, run * module, barHeight).fill('#000000');
      bx += run * module;
    });
    doc
      .font(PDF_FONT)
      .fontSize(small ? 5.5 : 9)
      .text(sticker.ssccText, x + pad, barTop + barHeight + (small ? 1 : 3), { width: width - 2 * pad, align: 'center' });
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
