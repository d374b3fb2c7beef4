/**
 * Each resource's production lines — its cells of the resource × layer table of docs/architecture.md, plus the
 * pages and tables its row of *Resource sizes* names — counted anew and held to that table: the figures stay true,
 * no file is counted for two resources, and no resource passes the size a resource built on the shared pieces needs
 * (RESOURCE_LINES_MAX), but those the table marks as still over it, which may not grow.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');
const layers = ['contract/', 'server/routes/', 'server/domain/', 'mock/', 'src/services/'] as const;
const RESOURCE_LINES_MAX = 2000;

const architecture = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const cellsOf = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());
const entries = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** The rows of the table under `heading`, as their cells. */
function table(heading: string): string[][] {
  const lines = architecture.slice(architecture.indexOf(heading)).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
  return lines.slice(first, end).map(cellsOf);
}

/** The production files under a path (a file, or a folder walked), tests excluded. */
function filesOf(relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) throw new Error(`${relative} is named in docs/architecture.md but missing`);
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesOf(path.join(relative, entry.name))
        : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
          ? [path.join(relative, entry.name)]
          : [],
    );
}
const linesOf = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;

describe('the size of each resource', () => {
  const [header, , ...placed] = table('## Where each resource lives');
  const layerPaths = new Map(
    placed.map((cells) => [
      cells[1],
      layers.flatMap((layer) => entries(cells[header.indexOf(`\`${layer}\``)]).map((entry) => layer + entry)),
    ]),
  );
  const [, , ...sized] = table('## Resource sizes');
  const rows = sized.map(([name, more, lines]) => ({
    name: name.replace(/`/g, ''),
    files: [...(layerPaths.get(name.replace(/`/g, '')) ?? []), ...entries(more)].flatMap(filesOf),
    stated: Number(lines.replace(/[^\d]/g, '')),
    over: lines.includes('over'),
  }));

  it('lists every resource of the table above', () => {
    expect(rows.map((row) => row.name).sort()).toEqual([...layerPaths.keys()].filter((name) => name !== '—').sort());
  });

  it('counts no file for two resources', () => {
    const all = rows.flatMap((row) => row.files);
    expect(all.filter((file, i) => all.indexOf(file) !== i)).toEqual([]);
  });

  it('states each count as it is, within the size a resource on the shared pieces needs', () => {
    const counted = rows.map((row) => ({ name: row.name, lines: row.files.reduce((sum, file) => sum + linesOf(file), 0) }));
    expect(counted).toEqual(rows.map((row) => ({ name: row.name, lines: row.stated })));
    expect(rows.filter((row) => row.stated > RESOURCE_LINES_MAX && !row.over).map((row) => row.name)).toEqual([]);
  });
});
