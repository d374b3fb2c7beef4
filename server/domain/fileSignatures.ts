/**
 * An uploaded file's content must be what its name says: a PDF starts with `%PDF-`, PNG and JPEG with their
 * signatures, xlsx and docx are zips holding a workbook or a document, xls and doc are OLE compound files. An
 * HTML page named `x.pdf` is refused before it is kept and handed to a broker.
 */
import { zipEntries } from '../xlsx/zip';

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const startsWith = (content: Buffer, signature: Buffer | string) =>
  content.subarray(0, signature.length).equals(Buffer.isBuffer(signature) ? signature : Buffer.from(signature, 'latin1'));

const zipHolding = (entry: string) => (content: Buffer) => {
  if (!startsWith(content, 'PK\u0003\u0004')) return false;
  try {
    return zipEntries(content).some((found) => found.name === entry);
  } catch {
    return false;
  }
};

const signatures: Record<string, { label: string; matches: (content: Buffer) => boolean }> = {
  pdf: { label: 'PDF', matches: (content) => startsWith(content, '%PDF-') },
  png: { label: 'PNG 图片', matches: (content) => startsWith(content, '\u0089PNG\r\n\u001a\n') },
  jpg: { label: 'JPEG 图片', matches: (content) => startsWith(content, Buffer.from([0xff, 0xd8, 0xff])) },
  jpeg: { label: 'JPEG 图片', matches: (content) => startsWith(content, Buffer.from([0xff, 0xd8, 0xff])) },
  xlsx: { label: 'Excel（xlsx）', matches: zipHolding('xl/workbook.xml') },
  docx: { label: 'Word（docx）', matches: zipHolding('word/document.xml') },
  xls: { label: 'Excel（xls）', matches: (content) => startsWith(content, OLE) },
  doc: { label: 'Word（doc）', matches: (content) => startsWith(content, OLE) },
};

/** Why `content` is not the file its name's type says, or undefined when it is (or the type has no signature here). */
export function contentProblem(fileName: string, content: Buffer): string | undefined {
  const type = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const signature = signatures[type];
  if (!signature || signature.matches(content)) return undefined;
  return `文件内容不是 ${signature.label}：${fileName} 的内容与其类型不符，请上传原始文件`;
}
