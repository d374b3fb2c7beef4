/**
 * The fonts of every PDF the product makes: Noto Sans SC (the npm package @expo-google-fonts/noto-sans-sc, SIL
 * Open Font License), so that Chinese prints as the page shows it. pdfkit embeds only the glyphs a document uses,
 * so a sticker sheet stays small. Node only, like the PDFs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type PDFKit from 'pdfkit';

export const PDF_FONT = 'Sans';
export const PDF_FONT_BOLD = 'Sans-Bold';

/** The package's files the PDFs use, by font name (a release keeps only these of the package's nine weights). */
export const PDF_FONT_FILES = {
  [PDF_FONT]: '400Regular/NotoSansSC_400Regular.ttf',
  [PDF_FONT_BOLD]: '700Bold/NotoSansSC_700Bold.ttf',
};
const loaded = new Map<string, Buffer>();

/** The font's bytes, read once per process. */
function fontFile(name: keyof typeof PDF_FONT_FILES): Buffer {
  let file = loaded.get(name);
  if (!file) {
    const root = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
    file = fs.readFileSync(path.join(root, PDF_FONT_FILES[name]));
    loaded.set(name, file);
  }
  return file;
}

/** Registers PDF_FONT and PDF_FONT_BOLD with the document and starts it in PDF_FONT. */
export function useCjkFonts(doc: PDFKit.PDFDocument): void {
  for (const name of [PDF_FONT, PDF_FONT_BOLD] as const) doc.registerFont(name, fontFile(name));
  doc.font(PDF_FONT);
}
