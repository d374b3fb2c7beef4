/**
 * `npm run dev` (umi's dev server and its mock) shows what `npm start` shows: every page of every role opened on both
 * in Chromium (tests/support/devMockWalk.mjs), with no failed /v1 call on the dev server, a table wherever the
 * fresh product shows one filled, and a dev terminal free of errors. Screenshots: tests/e2e/output/dev-*.png.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Visit {
  ready: boolean;
  rows: number;
  failed: string[];
  /** The console's errors and warnings. */
  said: string[];
}

/** Console lines that are not the app's own, each with why it is allowed. */
const allowedConsole: { pattern: RegExp; why: string }[] = [
  {
    pattern:
      /^warning: The generated code contains 'async\/await' because this module is using "(topLevelAwait|external script)"/,
    why:
      "webpack's dev client repeats a build note in the console: umi's webpack config targets es5 with topLevelAwait " +
      "on, and the dev server's MFSU modules (an external script, top-level await) trip it. It is about umi's own " +
      'modules, not a page; the production build logs nothing of it (console.test.ts)',
  },
];
interface Walk {
  pages: { path: string; account: string; dev: Visit; start: Visit }[];
  terminal: string;
}

let walk: Walk;

beforeAll(() => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-dev-walk-'));
  const file = path.join(folder, 'walk.json');
  const run = spawnSync(process.execPath, [path.join(__dirname, '../support/devMockWalk.mjs'), file], {
    encoding: 'utf8',
    timeout: 20 * 60_000,
  });
  if (run.status !== 0) throw new Error(`the walk through npm run dev failed:\n${run.stdout}\n${run.stderr}`);
  walk = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(folder, { recursive: true });
}, 21 * 60_000);

const where = (page: Walk['pages'][number]) => `${page.account} ${page.path}`;

test('every page of every role opens on the dev server, with no /v1 call failing', () => {
  expect(walk.pages.length).toBeGreaterThan(30);
  expect(walk.pages.filter((page) => !page.dev.ready).map(where)).toEqual([]);
  expect(walk.pages.filter((page) => page.dev.failed.length).map((page) => [where(page), page.dev.failed])).toEqual([]);
});

test('no page is empty on the dev server where the fresh product shows rows', () => {
  const emptied = walk.pages.filter((page) => page.start.rows > 0 && page.dev.rows === 0).map(where);
  expect(emptied).toEqual([]);
  expect(walk.pages.filter((page) => page.dev.rows > 0).length).toBeGreaterThan(15);
});

test('no page logs an error or a warning in the browser (React, react-redux and antd warn in development only)', () => {
  const said = walk.pages
    .map((page) => [where(page), page.dev.said.filter((line) => !allowedConsole.some(({ pattern }) => pattern.test(line)))])
    .filter(([, lines]) => lines.length);
  expect(said).toEqual([]);
});

test('the dev terminal has no error, stack trace or schema complaint', () => {
  const troubled = walk.terminal
    .split('\n')
    .filter((line) => /error|exception|circular|off its schema|^\s+at /i.test(line) && !/\[mock\] 验证码/.test(line));
  expect(troubled).toEqual([]);
});
