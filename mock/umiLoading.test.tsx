/**
 * The mock as `umi dev` loads it (tests/support/umiMock.cjs runs umi's own loader in a process of its own, each file
 * required afresh, then reloaded): one store across files, the demo rows on every role's lists, a chain across
 * files, and every operation of the API answered with a success that matches its schema.
 */
// .tsx: umi loads every mock/**/*.[jt]s file as mock routes, and a test file must not be one of them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface Walk {
  mocked: string[];
  documented: string[];
  counts: Record<string, number>;
  steps: Record<string, unknown>;
  answered: string[];
  violations: unknown[];
}

const root = path.resolve(__dirname, '..');
let walk: Walk;
let terminal: string;

beforeAll(() => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shipdesk-umi-mock-'));
  const file = path.join(folder, 'walk.json');
  const run = spawnSync(process.execPath, [path.join(root, 'tests/support/umiMock.cjs'), file], {
    cwd: root,
    timeout: 120_000,
    encoding: 'utf8',
  });
  terminal = run.stdout + run.stderr;
  if (run.status !== 0) throw new Error(`the walk through the mock failed:\n${terminal}`);
  walk = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.rmSync(folder, { recursive: true });
}, 150_000);

/** `GET /v1/osbplan/` and `GET /v1/osbplan/{key}` as `GET /v1/osbplan` and `GET /v1/osbplan/:key`. */
const normal = (operation: string) => operation.replace(/(.)\/$/, '$1').replace(/\{(\w+)\}/g, ':$1');

test('the mock has every operation of the API document, and nothing else', () => {
  expect(walk.mocked.map(normal).sort()).toEqual(walk.documented.map(normal).sort());
});

test('every operation answered a success, each within its response schema', () => {
  expect(walk.mocked.filter((operation) => !walk.answered.includes(operation))).toEqual([]);
  expect(walk.violations).toEqual([]);
});

test('every role’s lists show the demo rows after a reload', () => {
  expect(Object.entries(walk.counts).filter(([, rows]) => rows === 0)).toEqual([]);
  expect(walk.counts).toMatchObject({ 'user: 订舱计划': 9, 'user: 提单': 2, 'clerk: 报关交接': 1 });
});

test('the files share one store: delete → gone from the queue, pass → packing says so, load a box → its B/L', () => {
  expect(walk.steps).toMatchObject({ deletedLeftQueue: true, passedShowsOnPacking: true, loaded: true, bolDrafted: true });
});

test('the dev terminal shows only what the mock means to say', () => {
  expect(terminal.split('\n').filter((line) => line && !/^\[mock\] (验证码|邀请) /.test(line))).toEqual([]);
});
