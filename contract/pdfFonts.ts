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

const files = {
  [PDF_FONT]: '400Regular/NotoSansSC_400Regular.ttf',
  [PDF_FONT_BOLD]: '700Bold/NotoSansSC_700Bold.ttf',
};
const loaded = new Map<string, Buffer>();

/** The font's bytes, read once per process. */
function fontFile(name: keyof typeof files): Buffer {
  let file = loaded.get(name);
  if (!file) {
    const root = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
    file = fs.readFileSync(path.join(root, files[name]));
    loaded.set(name, file);
  }
  return file;
}

/** Registers PDF_FONT and PDF_FONT_BOLD with the document and starts it in PDF_FONT. */
export function useCjkFonts(doc: PDFKit.PDFDocument): void {
  for (const name of [PDF_FONT, PDF_FONT_BOLD] as const) doc.registerFont(name, fontFile(name));
  doc.font(PDF_FONT);
}
