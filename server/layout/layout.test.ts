/**
 * The tree reads at a glance and stays so: the resource × layer table of docs/architecture.md names every entry of
 * each layer folder (and nothing that is not there), one name per row; no file circles through imports; domain code
 * never imports the HTTP edge.
 */
import fs from 'node:fs';
import path from 'node:path';
import { importCircles, importGraph } from './importGraph';

const root = path.join(__dirname, '../..');
const layers = ['contract/', 'server/routes/', 'server/domain/', 'mock/', 'src/services/'] as const;

interface Row {
  name: string;
  cells: Record<(typeof layers)[number], string[]>;
  docs: string;
}

/** The table's rows: each layer's cell as its entries (`packing/`, `packing.ts`), none for —. */
function tableRows(): Row[] {
  const text = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const start = text.indexOf('## Where each resource lives');
  const lines = text.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  const table = lines.slice(first, end);
  const cellsOf = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const header = cellsOf(table[0]);
  const column = (name: string) => header.indexOf(name);
  return table.slice(2).map((line) => {
    const cells = cellsOf(line);
    const entries = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
    return {
      name: cells[1],
      cells: Object.fromEntries(layers.map((layer) => [layer, entries(cells[column(`\`${layer}\``)])])) as Row['cells'],
      docs: cells[column('`docs/domain.md`')],
    };
  });
}

/** A layer folder's entries as the table names them: folders with a slash, production files (not tests). */
function entriesOf(layer: string): string[] {
  return fs
    .readdirSync(path.join(root, layer), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)))
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .sort();
}

describe('the layout', () => {
  const rows = tableRows();
  // Read once for the two tests that walk it (every source file of the tree).
  let read: Map<string, string[]> | undefined;
  const graph = () => (read ??= importGraph(root));

  it('has a row per resource, each with one name', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows.filter((one) => one.name !== '—')) {
      for (const layer of layers) {
        for (const entry of row.cells[layer].filter((one) => !one.startsWith('_'))) {
          // packing/, packing.ts: the row's name, as a folder or a file.
          expect([row.name, entry]).toEqual([row.name, expect.stringMatching(new RegExp(`^${row.name}(/|\\.ts)$`))]);
        }
      }
    }
    const names = rows.map((row) => row.name).filter((name) => name !== '—');
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(layers)('names every entry of %s, and only what is there', (layer) => {
    const named = rows.flatMap((row) => row.cells[layer]).sort();
    expect(named).toEqual(entriesOf(layer));
  });

  it('points each resource at its section of docs/domain.md, which names it', () => {
    const headings = fs
      .readFileSync(path.join(root, 'docs/domain.md'), 'utf8')
      .split('\n')
      .filter((line) => /^#{2,3} /.test(line));
    for (const row of rows.filter((one) => one.docs !== '—')) {
      const heading = headings.find((line) => line.replace(/^#+ /, '').startsWith(row.docs));
      expect([row.name, heading]).toEqual([row.name, expect.stringContaining(`\`${row.name}\``)]);
    }
  });

  it('has no import circles between files', () => {
    expect(importCircles(graph())).toEqual([]);
  });

  it('keeps the HTTP edge out of domain code', () => {
    const reachingHttp = [...graph()]
      .filter(([file]) => file.startsWith('server/domain/'))
      .flatMap(([file, targets]) =>
        targets
          // The calls the server makes itself are not the edge that answers requests.
          .filter((target) => target.startsWith('server/http/') && !target.startsWith('server/http/outbound/'))
          .map((target) => `${file} → ${target}`),
      );
    expect(reachingHttp).toEqual([]);
  });
});
