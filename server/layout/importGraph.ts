/**
 * The tree's import graph, read from the source the way the bundlers resolve it (relative paths and the `@/` and
 * `@contract/` aliases; packages are left out), and the circles in it: every strongly connected group of files.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceFile = /\.(ts|tsx|mjs|js)$/;
const tried = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The repository's own source files, tracked or new (not what .gitignore leaves out: generated umi files, builds). */
export function sourceFiles(root: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .trim()
    .split('\n');
  return tracked.filter((file) => sourceFile.test(file) && fs.existsSync(path.join(root, file)));
}

function resolve(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else if (specifier.startsWith('@contract/')) base = path.join('contract', specifier.slice('@contract/'.length));
  else if (specifier.startsWith('@/')) base = path.join('src', specifier.slice(2));
  else return undefined;
  return tried
    .map((ending) => base + ending)
    .find((file) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile());
}

/** file → the repository files it imports (type-only imports included: a circle of types is still a circle). */
export function importGraph(root: string, files = sourceFiles(root)): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolve(root, file, fileName))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The groups of files that import each other, directly or around a circle (Tarjan's strongly connected components). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}
