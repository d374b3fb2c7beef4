/**
 * The printed B/L (sheet.ts) drawn into an A4 PDF in Noto Sans SC (contract/shared/pdfFonts.ts), Chinese included, "DRAFT"
 * across it until it is issued: the server's download, and the mock's. Node only: the browser prints the sheet
 * from HTML.
 */
import type { BolSheet, SheetBox } from './sheet';
import { PDF_FONT, PDF_FONT_BOLD, useCjkFonts } from '../shared/pdfFonts';

const A4 = { width: 595.28, height: 841.89, margin: 36 };
/** Noto Sans SC's own line height is generous (1.45 em): lines closer by 1.5 pt read as Helvetica's did. */
const LINE_GAP = -1.5;

/** The printed sheet as an A4 PDF, and its file name (`提单-<B/L number>[-DRAFT].pdf`). */
export async function sheetPdf(sheet: BolSheet): Promise<{ name: string; file: Buffer }> {
  // Loaded when a PDF is asked for: pdfkit and its font machinery stay out of the mock's and the tests' start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: A4.margin, info: { Title: `${sheet.title} ${sheet.bolNo}` } });
  useCjkFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const left = A4.margin;
  const width = A4.width - 2 * A4.margin;
  const half = width / 2;
  const box = (x: number, y: number, w: number, h: number, { label, lines }: SheetBox) => {
    doc.rect(x, y, w, h).lineWidth(0.6).stroke('#333333');
    doc
      .font(PDF_FONT)
      .fontSize(6.5)
      .fillColor('#555555')
      .text(label, x + 4, y + 3, { width: w - 8 });
    doc
      .font(PDF_FONT)
      .fontSize(8.5)
      .fillColor('#000000')
      .text(lines.join('\n'), x + 4, y + 13, { width: w - 8, height: h - 15, lineGap: LINE_GAP });
  };

  let y = A4.margin;
  doc
    .font(PDF_FONT_BOLD)
    .fontSize(16)
    .fillColor('#000000')
    .text(sheet.title, left + half, y, { width: half, align: 'right' });
  doc
    .font(PDF_FONT)
    .fontSize(10)
    .text(`B/L No. ${sheet.bolNo}`, left + half, y + 22, { width: half, align: 'right' });
  y += 44;
  // A name and six address lines (DCSA's most) in Noto Sans SC, whose lines are taller than Helvetica's.
  const partyHeight = 100;
  sheet.parties.forEach((party, i) => box(left, y + i * partyHeight, half, partyHeight, party));
  const routeHeight = (3 * partyHeight) / 4;
  sheet.route.slice(0, 3).forEach((entry, i) => box(left + half, y + i * routeHeight, half, routeHeight, entry));
  box(left + half, y + 3 * routeHeight, half, routeHeight, {
    label: 'Containers',
    lines: [`${sheet.containers.length} x CONTAINER(S)`],
  });
  y += 3 * partyHeight;
  const quarter = width / 4;
  sheet.route.slice(3).forEach((entry, i) => box(left + i * quarter, y, quarter, 34, entry));
  y += 34;

  const columns = [
    { label: 'Marks and Numbers', width: width * 0.24 },
    { label: 'Description of Goods', width: width * 0.4 },
    { label: 'Packages', width: width * 0.12 },
    { label: 'Gross Weight', width: width * 0.12 },
    { label: 'Measurement', width: width * 0.12 },
  ];
  const cargoHeight = 300;
  const cells = [
    sheet.marks,
    [...sheet.description, '', ...sheet.containers],
    [sheet.packages],
    [sheet.grossWeight],
    [sheet.measurement],
  ];
  let x = left;
  columns.forEach((column, i) => {
    box(x, y, column.width, cargoHeight, { label: column.label, lines: cells[i] });
    x += column.width;
  });
  y += cargoHeight;
  const fifth = width / sheet.footer.length;
  // Two lines of text under each label (the place, then the date of issue).
  sheet.footer.forEach((entry, i) => box(left + i * fifth, y, fifth, 50, entry));

  if (sheet.watermark) {
    doc.save();
    doc.rotate(-35, { origin: [A4.width / 2, A4.height / 2] });
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(140)
      .fillColor('#cc0000')
      .fillOpacity(0.15)
      .text(sheet.watermark, 0, A4.height / 2 - 70, { width: A4.width, align: 'center' });
    doc.restore();
  }
  doc.end();
  await done;
  const suffix = sheet.watermark ? '-DRAFT' : '';
  return { name: `提单-${sheet.bolNo}${suffix}.pdf`, file: Buffer.concat(chunks) };
}
