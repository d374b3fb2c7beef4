import * as packing from '@/services/packing';
import type { BulkLine } from '@contract/packing/schema';
import { bulkLineFixture } from '../../../../tests/fixtures/bulkLine';
import * as actions from './lineActions';

jest.mock('umi', () => require('@/testing/umi'));
jest.mock('@/services/packing', () => ({
  queryBulkLine: jest.fn(),
  queryBulkHistory: jest.fn(),
  batchPatchBulkLines: jest.fn(),
  patchBulksList: jest.fn(),
  removeBulkLine: jest.fn(),
  removeBulkLines: jest.fn(),
  splitBulkLine: jest.fn(),
  mergeBulkLines: jest.fn(),
}));

const mocked = <T extends (...args: any[]) => any>(fn: T) => fn as unknown as jest.MockedFunction<T>;

const a = bulkLineFixture({ key: 'A', type: 'multi', version: 3, cartonTo: 10 });
const b = bulkLineFixture({ key: 'B', type: 'multi', version: 7, cartonFrom: 11, cartonTo: 20 });
const c = bulkLineFixture({ key: 'C', type: 'single', version: 1, poNo: '4500123499' });

/** A umi-request error as request.ts rethrows it for a 409 / 422. */
const httpError = (status: number, body: object) =>
  Object.assign(new Error(`http ${status}`), { response: { status }, data: body });

beforeEach(() => jest.clearAllMocks());

describe('changes', () => {
  test('a 422 resolves with the server body, so the form can mark its fields', async () => {
    const body = { success: false, errorCode: 'VALIDATION_FAILED', errorMessage: '校验失败', fields: { cartonTo: '箱号重叠' } };
    mocked(packing.splitBulkLine).mockRejectedValue(httpError(422, body));
    expect(await actions.splitLine(a, 3)).toEqual({ ok: false, status: 422, error: body });
  });

  test('batch change of one type goes to the typed PATCH with the versions shown', async () => {
    mocked(packing.batchPatchBulkLines).mockResolvedValue([a, b]);
    const result = await actions.batchChange([a, b], { destination: 'Hamburg' });
    expect(result.ok).toBe(true);
    expect(packing.batchPatchBulkLines).toHaveBeenCalledWith('multi', {
      keys: ['A', 'B'],
      changes: { destination: 'Hamburg' },
      versions: { A: 3, B: 7 },
    });
    expect(packing.patchBulksList).not.toHaveBeenCalled();
  });

  test('a mixed selection, or a change of type, goes to PATCH /v1/bulkslist', async () => {
    mocked(packing.patchBulksList).mockResolvedValue([a, c]);
    await actions.batchChange([a, c], { nwPerCtn: 4.5 });
    expect(packing.patchBulksList).toHaveBeenLastCalledWith({
      keys: ['A', 'C'],
      changes: { nwPerCtn: 4.5 },
      versions: { A: 3, C: 1 },
    });
    await actions.batchChange([a], { type: 'single' });
    expect(packing.patchBulksList).toHaveBeenLastCalledWith({ keys: ['A'], changes: { type: 'single' }, versions: { A: 3 } });
    expect(packing.batchPatchBulkLines).not.toHaveBeenCalled();
  });

  test('a refused batch change resolves with the conflict', async () => {
    mocked(packing.batchPatchBulkLines).mockRejectedValue(
      httpError(409, { success: false, errorCode: 'VERSION_CONFLICT', errorMessage: '数据已被修改' }),
    );
    const result = await actions.batchChange([a, b], { ctnH: 31 });
    expect(result).toMatchObject({ ok: false, error: { errorCode: 'VERSION_CONFLICT' } });
  });

  test('one delete sends the version; a selection of both types is one call with every version', async () => {
    mocked(packing.removeBulkLine).mockResolvedValue({ success: true, deleted: 1 });
    await actions.removeLine(b);
    expect(packing.removeBulkLine).toHaveBeenCalledWith('multi', 'B', 7);

    mocked(packing.removeBulkLines).mockImplementation(async (lines) => ({ success: true, deleted: lines.length }));
    const result = await actions.removeLines([a, b, c]);
    expect(packing.removeBulkLines).toHaveBeenCalledTimes(1);
    expect(packing.removeBulkLines).toHaveBeenCalledWith([a, b, c]);
    expect(result).toEqual({ ok: true, data: { success: true, deleted: 3 } });
  });

  test('a refused several-key delete (already reported) resolves not ok', async () => {
    mocked(packing.removeBulkLines).mockResolvedValueOnce(undefined);
    expect(await actions.removeLines([a, c])).toEqual({ ok: false });
  });

  test('split sends the cartons and the version; merge the keys and their versions', async () => {
    mocked(packing.splitBulkLine).mockResolvedValue([a, b]);
    expect(await actions.splitLine(b, 4)).toEqual({ ok: true, data: [a, b] });
    expect(packing.splitBulkLine).toHaveBeenCalledWith('multi', 'B', { cartons: 4, version: 7 });
    mocked(packing.mergeBulkLines).mockResolvedValue(a);
    expect(await actions.mergeLines([a, b])).toEqual({ ok: true, data: a });
    expect(packing.mergeBulkLines).toHaveBeenCalledWith({ keys: ['A', 'B'], versions: { A: 3, B: 7 } });
  });
});

test('the detail page gets the line and its history, or why not', async () => {
  const entry = {
    id: 'H1',
    at: '2025-01-02T03:04:05.000Z',
    action: 'update',
    actor: 'u1',
    actorName: '张三',
    before: { ctnH: 30 },
    after: { ctnH: 31 },
  } as const;
  mocked(packing.queryBulkLine).mockResolvedValue(a);
  mocked(packing.queryBulkHistory).mockResolvedValue([entry]);
  expect(await actions.loadDetail('A')).toEqual({ line: a as BulkLine, history: [entry] });

  // 403 and 404 come back quietly, with the server's body.
  mocked(packing.queryBulkLine).mockRejectedValue({
    data: { success: false, errorCode: 'NOT_FOUND', errorMessage: '记录不存在' },
  });
  expect(await actions.loadDetail('missing')).toBe('notFound');
  mocked(packing.queryBulkLine).mockResolvedValue(undefined);
  expect(await actions.loadDetail('A')).toBe('failed');
});
