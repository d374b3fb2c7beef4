/**
 * `npm run guide`: prints docs/user-guide.md to server/assets/user-guide.pdf through Debian's Chromium (A4, the
 * CJK font embedded), and writes the markdown's SHA-256 beside it, so that a test can tell a stale PDF. The
 * markdown uses headings, paragraphs, numbered lists and tables only; this converts just those.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { projectRoot } from './server.mjs';

const chromiumSettings = JSON.parse(fs.readFileSync(path.join(projectRoot, 'tests/support/chromium.json'), 'utf8'));
const source = fs.readFileSync(path.join(projectRoot, 'docs/user-guide.md'), 'utf8');
const assets = path.join(projectRoot, 'server/assets');

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const inline = (text) =>
  escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
const cells = (row) =>
  row
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/** The markdown's blocks as HTML: `#` headings, `|` tables, `1.` lists (continued by indented lines), paragraphs. */
function toHtml(markdown) {
  const html = [];
  const blocks = markdown.split(/\n\s*\n/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const heading = /^(#{1,3}) (.*)$/.exec(lines[0]);
    if (heading) {
      html.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (lines[0].startsWith('|')) {
      const [head, , ...rows] = lines;
      html.push(
        `<table><tr>${cells(head)
          .map((cell) => `<th>${inline(cell)}</th>`)
          .join('')}</tr>${rows
          .map(
            (row) =>
              `<tr>${cells(row)
                .map((cell) => `<td>${inline(cell)}</td>`)
                .join('')}</tr>`,
          )
          .join('')}</table>`,
      );
    } else if (/^\d+\. /.test(lines[0])) {
      const items = [];
      for (const line of lines) {
        if (/^\d+\. /.test(line)) items.push(line.replace(/^\d+\. /, ''));
        else items[items.length - 1] += line.trim();
      }
      html.push(`<ol>${items.map((item) => `<li>${inline(item)}</li>`).join('')}</ol>`);
    } else {
      html.push(`<p>${inline(lines.map((line) => line.trim()).join(''))}</p>`);
    }
  }
  return html.join('\n');
}

const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>用户手册</title><style>
  @page { size: A4; margin: 18mm 16mm; }
  body { font-family: 'Noto Sans CJK SC', 'Noto Serif CJK SC', sans-serif; font-size: 10.5pt; line-height: 1.7; color: #222; }
  h1 { font-size: 20pt; border-bottom: 2px solid #1677ff; padding-bottom: 6px; }
  h2 { font-size: 14pt; margin-top: 18px; color: #1677ff; break-after: avoid; }
  table { border-collapse: collapse; width: 100%; margin: 8px 0; }
  th, td { border: 1px solid #bbb; padding: 4px 8px; text-align: left; vertical-align: top; }
  th { background: #f0f5ff; }
  th:first-child, td:first-child { white-space: nowrap; }
  li { margin: 2px 0; }
</style></head><body>${toHtml(source)}</body></html>`;

const browser = await chromium.launch({ executablePath: chromiumSettings.executablePath, args: chromiumSettings.args });
try {
  const tab = await browser.newPage();
  await tab.setContent(page, { waitUntil: 'load' });
  fs.mkdirSync(assets, { recursive: true });
  await tab.pdf({ path: path.join(assets, 'user-guide.pdf'), format: 'A4', printBackground: true });
} finally {
  await browser.close();
}
const digest = crypto.createHash('sha256').update(source).digest('hex');
fs.writeFileSync(path.join(assets, 'user-guide.sha256'), `${digest}\n`);
console.log(`server/assets/user-guide.pdf from docs/user-guide.md (${digest.slice(0, 12)}…)`);
