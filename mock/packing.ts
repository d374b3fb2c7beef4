/**
 * Mock of the bulk-data calls (contract/bulk.ts) for `npm run dev` without a server: the same validation
 * (contract schemas), rules (contract/bulkRules), ownership (a customer sees only their lines, clerks and
 * inspectors all, inspectors write nothing), versions and all-or-nothing changes as the server, on a small
 * in-memory set of lines. Import and export read and write real xlsx files (exceljs runs in the dev server).
 */
import ExcelJS from 'exceljs';
import {
  bulkAccess,
  bulkBatchPatchSchema,
  bulkStatuses,
  bulkCreateSchema,
  bulkDeleteBodySchema,
  bulkFilterSchema,
  bulkLimits,
  bulkListQuerySchema,
  bulkMergeSchema,
  bulkSplitSchema,
  bulksListPatchSchema,
  bulkTypeSchema,
  bulkUpdateSchema,
  shippingBulkStatuses,
  type BulkAuditAction,
  type BulkAuditEntry,
  type BulkCreate,
  type BulkFilter,
  type BulkLine,
  type BulkListResult,
  type BulkType,
} from '../contract/bulk';
import {
  BulkRuleError,
  cartonFigureProblems,
  computeBulkTotals,
  isBulkEditable,
  mergeLines,
  rangesOverlap,
  splitLine,
  totalsAfterEdit,
} from '../contract/bulkRules';
import { aliasesOf, bulkLineToSheetRow, bulkSheetHeader, importRejected, readBulkSheet } from '../contract/bulkSheet';
import { firstStale, keysQuerySchema, type DeleteResult } from '../contract/common';
import { readsAll, writes } from '../contract/access';
import type { User } from '../contract/user';
import { fail, findUser, signedIn, type MockRequest, type MockResponse } from './_demo';
import { factories, sizeGroups } from './lookups';
import { invalid } from './_resource';

type FileResponse = MockResponse & { setHeader: (name: string, value: string) => void };
interface UploadedFile {
  fieldname: string;
  originalname: string;
  size: number;
  buffer: Buffer;
}

let lastKey = 0;
const nextKey = () => `BD${String((lastKey += 1)).padStart(6, '0')}`;
const now = () => new Date().toISOString();

function newLine(type: BulkType, input: BulkCreate, owner: string, at = now()): BulkLine {
  return {
    key: nextKey(),
    type,
    ...input,
    ...computeBulkTotals(input),
    status: 'pendingInspection',
    inspectionResult: null,
    planKey: null,
    containerKey: null,
    owner,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

const fixture = (
  type: BulkType,
  owner: string,
  daysAgo: number,
  input: BulkCreate,
  state: Pick<BulkLine, 'status' | 'inspectionResult'> = { status: 'pendingInspection', inspectionResult: null },
): BulkLine => ({ ...newLine(type, input, owner, new Date(Date.now() - daysAgo * 86_400_000).toISOString()), ...state });

const tee = {
  odgItemNo: 'ODG240001',
  poNo: '4500123456',
  styleNo: 'TS-2025-01',
  factoryCode: 'F01',
  sizeGroup: 'APP-INT',
  destination: 'Los Angeles',
  exFactoryDate: '2025-03-10',
  nwPerCtn: 8.4,
  gwPerCtn: 9.2,
  ctnL: 60,
  ctnW: 40,
  ctnH: 35,
};
const shoe = {
  odgItemNo: 'ODG240002',
  poNo: '4500123460',
  styleNo: 'RN-880',
  colour: 'BLACK/WHITE',
  factoryCode: 'F02',
  sizeGroup: 'SHOE-EU',
  destination: 'Hamburg',
  exFactoryDate: '2025-03-18',
  nwPerCtn: 7.25,
  gwPerCtn: 8.1,
  ctnL: 55,
  ctnW: 38,
  ctnH: 27,
};
const passed = { status: 'pendingConsolidation', inspectionResult: 'pass' } as const;

/** Lines of `user` (id 1) and `user2` (id 2); the clerk and the inspector see them all. */
const lines: BulkLine[] = [
  fixture(
    'multi',
    '1',
    9,
    { ...tee, colour: 'NAVY', sizeBreakdown: { S: 4, M: 8, L: 8, XL: 4 }, packType: 'SCAS', cartonFrom: 1, cartonTo: 40 },
    passed,
  ),
  fixture(
    'multi',
    '1',
    8,
    { ...tee, colour: 'NAVY', sizeBreakdown: { S: 4, M: 8, L: 8, XL: 4 }, packType: 'SCAS', cartonFrom: 41, cartonTo: 60 },
    passed,
  ),
  fixture('multi', '1', 7, { ...tee, colour: 'WHITE', sizeBreakdown: { M: 24 }, packType: 'SCSS', cartonFrom: 61, cartonTo: 90 }),
  fixture(
    'multi',
    '1',
    6,
    { ...shoe, sizeBreakdown: { '40': 2, '41': 3, '42': 3, '43': 2 }, packType: 'SCAS', cartonFrom: 1, cartonTo: 120 },
    {
      status: 'allocated',
      inspectionResult: 'pass',
    },
  ),
  fixture('single', '1', 5, { ...shoe, sizeBreakdown: { '44': 10 }, packType: 'SCSS', cartonFrom: 121, cartonTo: 135 }),
  fixture(
    'single',
    '1',
    4,
    {
      odgItemNo: 'ODG240004',
      poNo: '4500123470',
      styleNo: 'KD-12',
      colour: 'RED/NAVY',
      factoryCode: 'F03',
      sizeGroup: 'KIDS',
      sizeBreakdown: { '100': 3, '110': 3, '120': 3, '130': 3 },
      packType: 'ACAS',
      cartonFrom: 1,
      cartonTo: 25,
      nwPerCtn: 6.125,
      gwPerCtn: 6.9,
      ctnL: 58.5,
      ctnW: 38.5,
      ctnH: 30.5,
      destination: 'Sydney',
      exFactoryDate: '2025-04-15',
    },
    { status: 'shipped', inspectionResult: 'pass' },
  ),
  fixture('multi', '2', 3, {
    odgItemNo: 'ODG240003',
    poNo: '4500123461',
    styleNo: 'PK-300',
    colour: 'GREY MELANGE',
    factoryCode: 'F04',
    sizeGroup: 'APP-CN',
    sizeBreakdown: { '165/84A': 6, '170/88A': 12, '175/92A': 6 },
    packType: 'SCAS',
    cartonFrom: 1,
    cartonTo: 80,
    nwPerCtn: 9,
    gwPerCtn: 9.8,
    ctnL: 62,
    ctnW: 42,
    ctnH: 36,
    destination: 'Rotterdam',
    exFactoryDate: '2025-04-02',
  }),
  fixture('single', '2', 2, {
    odgItemNo: 'ODG240005',
    poNo: '4500123480',
    styleNo: 'JK-77',
    colour: 'OLIVE',
    factoryCode: 'F01',
    sizeGroup: 'APP-INT',
    sizeBreakdown: { M: 6, L: 6 },
    packType: 'SCAS',
    cartonFrom: 1,
    cartonTo: 30,
    nwPerCtn: 11.5,
    gwPerCtn: 12.4,
    ctnL: 70,
    ctnW: 50,
    ctnH: 40,
    destination: 'New York',
    exFactoryDate: '2025-04-20',
  }),
];

const history: (BulkAuditEntry & { key: string })[] = lines.map((line, i) => ({
  id: `H${i + 1}`,
  key: line.key,
  at: line.createdAt,
  action: 'import',
  actor: line.owner,
  actorName: findUser(line.owner)?.realName ?? line.owner,
  before: null,
  after: line,
}));

function audit(
  user: User,
  action: BulkAuditAction,
  key: string,
  before: BulkLine | null,
  after: BulkLine | null,
  relatedKeys?: string[],
) {
  history.push({
    id: `H${history.length + 1}`,
    key,
    at: now(),
    action,
    actor: user.id,
    actorName: user.realName,
    before,
    after,
    ...(relatedKeys ? { relatedKeys } : {}),
  });
}

// ——— roles and ownership ———

const canSee = (user: User, line: BulkLine) => readsAll(bulkAccess, user.authority) || line.owner === user.id;
const canWrite = (user: User) => writes(bulkAccess, user.authority);

/** The user's lines by status (everyone's for clerks and inspectors), as GET /v1/user/statistics/shipment counts them. */
export function packingStatusCounts(user: User): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(bulkStatuses.map((status) => [status, 0]));
  for (const line of lines) if (canSee(user, line)) counts[line.status] += 1;
  return counts;
}

/** Others' lines come with the owner's name (clerks and inspectors see them). */
const shown = (user: User, line: BulkLine): BulkLine =>
  line.owner === user.id ? line : { ...line, ownerName: findUser(line.owner)?.realName ?? line.owner };

/** Runs `handler` for a user allowed to change lines, 403 for the others (before looking at the body). */
const writer = (handler: (req: MockRequest, res: MockResponse, user: User) => void) =>
  signedIn((req, res, user) => {
    if (!canWrite(user)) return fail(res, 403, 'FORBIDDEN', '无权修改装箱明细');
    return handler(req, res, user);
  });

// ——— answers ———

/** The lines with these keys the user may see; 404 (and undefined) when any is missing or not theirs. */
function findLines(res: MockResponse, user: User, keys: string[]): BulkLine[] | undefined {
  const found = keys.map((key) => lines.find((line) => line.key === key && canSee(user, line)));
  const missing = keys.filter((_key, i) => !found[i]);
  if (missing.length) {
    fail(res, 404, 'NOT_FOUND', `装箱明细不存在：${missing.join(', ')}`);
    return undefined;
  }
  return found as BulkLine[];
}

/** The line of the path's `{type}` and `{key}` that the user may see; 404 (and undefined) otherwise. */
function pathLine(req: MockRequest, res: MockResponse, user: User): BulkLine | undefined {
  const found = findLines(res, user, [req.params.key]);
  if (!found) return undefined;
  const [line] = found;
  if (line.type === req.params.type) return line;
  fail(res, 404, 'NOT_FOUND', '装箱明细不存在');
  return undefined;
}

/** 409 when a line is frozen or a version is stale; true when all may change. */
function changeable(res: MockResponse, targets: BulkLine[], versions: Record<string, number>): boolean {
  const frozen = targets.find((line) => !isBulkEditable(line.status));
  if (frozen) {
    fail(res, 409, 'NOT_EDITABLE', `明细 ${frozen.key} 已配柜或已出运，不能修改`);
    return false;
  }
  const stale = firstStale(targets, versions);
  if (stale) {
    fail(res, 409, 'VERSION_CONFLICT', `明细 ${stale.key} 已被他人修改，请刷新后重试`);
    return false;
  }
  return true;
}

/** Checks against the lookups and the other lines of the PO; field → message. */
function lookupProblems(input: Pick<BulkLine, 'factoryCode' | 'sizeGroup' | 'sizeBreakdown'>): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!factories.some((factory) => factory.code === input.factoryCode)) problems.factoryCode = `工厂 ${input.factoryCode} 不存在`;
  const group = sizeGroups.find((candidate) => candidate.code === input.sizeGroup);
  if (!group) problems.sizeGroup = `尺码组 ${input.sizeGroup} 不存在`;
  else {
    const unknown = Object.keys(input.sizeBreakdown).filter((size) => !group.sizes.includes(size));
    if (unknown.length) problems.sizeBreakdown = `尺码 ${unknown.join('、')} 不在尺码组 ${group.name} 中`;
  }
  return problems;
}

/** Within the owner's lines of the PO, as the server: another customer's PO is answered as an unknown one. */
function overlapProblem(
  candidate: Pick<BulkLine, 'owner' | 'poNo' | 'cartonFrom' | 'cartonTo'>,
  exceptKeys: string[],
): string | undefined {
  const other = lines.find(
    (line) =>
      line.owner === candidate.owner &&
      line.poNo === candidate.poNo &&
      !exceptKeys.includes(line.key) &&
      rangesOverlap(line, candidate),
  );
  return other ? `PO ${candidate.poNo} 的箱号 ${candidate.cartonFrom}–${candidate.cartonTo} 与已有明细重叠` : undefined;
}

// ——— list ———

const startsWith = (value: string, prefix?: string) => !prefix || value.toLowerCase().startsWith(prefix.toLowerCase());

function matches(line: BulkLine, filter: BulkFilter): boolean {
  const q = filter.q?.toLowerCase();
  return (
    (!filter.type || line.type === filter.type) &&
    startsWith(line.poNo, filter.poNo) &&
    startsWith(line.styleNo, filter.styleNo) &&
    startsWith(line.colour, filter.colour) &&
    startsWith(line.destination, filter.destination) &&
    (!filter.factoryCode || line.factoryCode === filter.factoryCode) &&
    (!filter.status || line.status === filter.status) &&
    (!filter.exFactoryFrom || line.exFactoryDate >= filter.exFactoryFrom) &&
    (!filter.exFactoryTo || line.exFactoryDate <= filter.exFactoryTo) &&
    (!q || [line.odgItemNo, line.poNo, line.styleNo, line.colour].some((value) => value.toLowerCase().includes(q)))
  );
}

function sorted(found: BulkLine[], sorter = 'createdAt:descend'): BulkLine[] {
  const [field, order] = sorter.split(':') as [keyof BulkLine, 'ascend' | 'descend'];
  const sign = order === 'ascend' ? 1 : -1;
  return [...found].sort((a, b) => {
    const x = a[field] as string | number;
    const y = b[field] as string | number;
    if (x === y) return a.key < b.key ? -1 : 1;
    return (x < y ? -1 : 1) * sign;
  });
}

const list = (kind: 'packing' | 'shipping') =>
  signedIn((req, res, user) => {
    const parsed = bulkListQuerySchema.safeParse(req.query);
    if (!parsed.success) return fail(res, 400, 'BAD_QUERY', parsed.error.issues[0].message);
    const { current, pageSize, sorter, ...filter } = parsed.data;
    const found = lines.filter(
      (line) => canSee(user, line) && matches(line, filter) && (kind === 'packing' || shippingBulkStatuses.includes(line.status)),
    );
    const page = sorted(found, sorter).slice((current - 1) * pageSize, current * pageSize);
    const answer: BulkListResult = {
      data: page.map((line) => shown(user, line)),
      total: found.length,
      success: true,
      current,
      pageSize,
    };
    return res.json(answer);
  });

// ——— changes ———

function applyBatch(req: MockRequest, res: MockResponse, user: User, pathType?: BulkType) {
  const parsed = (pathType ? bulkBatchPatchSchema : bulksListPatchSchema).safeParse(req.body);
  if (!parsed.success) return invalid(res, parsed.error);
  const { keys, changes, versions } = parsed.data;
  const targets = findLines(res, user, keys);
  if (!targets) return undefined;
  if (pathType && targets.some((line) => line.type !== pathType)) {
    return fail(res, 404, 'NOT_FOUND', `所选明细不都是${pathType === 'multi' ? '拼柜' : '散货'}明细`);
  }
  if (!changeable(res, targets, versions)) return undefined;
  if (changes.factoryCode && !factories.some((factory) => factory.code === changes.factoryCode)) {
    return fail(res, 422, 'VALIDATION_FAILED', `工厂 ${changes.factoryCode} 不存在`, {
      factoryCode: `工厂 ${changes.factoryCode} 不存在`,
    });
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const updated: BulkLine[] = [];
  for (const line of targets) {
    const next = { ...line, ...defined } as BulkLine;
    const problem = cartonFigureProblems(next)[0];
    if (problem)
      return fail(res, 422, 'VALIDATION_FAILED', `明细 ${line.key}：${problem.message}`, { [problem.field]: problem.message });
    updated.push({ ...next, ...totalsAfterEdit(line, next), version: line.version + 1, updatedAt: now() });
  }
  updated.forEach((line, i) => {
    lines[lines.indexOf(targets[i])] = line;
    audit(user, 'batchUpdate', line.key, targets[i], line);
  });
  return res.json(updated.map((line) => shown(user, line)));
}

async function importFile(req: MockRequest, res: MockResponse, user: User) {
  const type = bulkTypeSchema.safeParse(req.params.type);
  if (!type.success) return fail(res, 404, 'NOT_FOUND', '未知的出运方式');
  const file = ((req as MockRequest & { files?: UploadedFile[] }).files ?? []).find((f) => f.fieldname === 'file');
  if (!file) return fail(res, 422, 'VALIDATION_FAILED', '请选择要导入的 xlsx 文件', { file: '请选择文件' });
  if (file.size > bulkLimits.importMaxBytes) return fail(res, 413, 'TOO_LARGE', '文件超过 20 MB');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file.buffer as unknown as ArrayBuffer);
  } catch {
    return fail(res, 422, 'IMPORT_INVALID', '无法读取文件，请上传 xlsx 格式的装箱明细');
  }
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    rows[rowNumber - 1] = (row.values as unknown[]).slice(1);
  });
  const read = readBulkSheet(rows, { factoryCode: aliasesOf(factories), sizeGroup: aliasesOf(sizeGroups) });
  const errors = [...read.errors];
  for (const { row, line } of read.lines) {
    const problems = { ...lookupProblems(line) };
    const overlap = overlapProblem({ ...line, owner: user.id }, []);
    if (overlap) problems.cartonFrom = overlap;
    for (const [field, message] of Object.entries(problems)) errors.push({ row, field: field as keyof BulkLine, message });
  }
  if (errors.length) return res.status(422).json(importRejected(errors));
  for (const { line } of read.lines) {
    const created = newLine(type.data, line, user.id);
    lines.push(created);
    audit(user, 'import', created.key, null, created);
  }
  return res.json({ success: true, imported: read.lines.length });
}

async function exportFile(req: MockRequest, res: FileResponse, user: User) {
  const parsed = bulkFilterSchema.safeParse(req.query);
  if (!parsed.success) return fail(res, 400, 'BAD_QUERY', parsed.error.issues[0].message);
  const found = sorted(lines.filter((line) => canSee(user, line) && matches(line, parsed.data)));
  if (found.length > bulkLimits.exportMaxRows) return fail(res, 422, 'TOO_MANY_ROWS', '导出行数过多，请缩小筛选范围');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('装箱明细');
  sheet.addRow(bulkSheetHeader());
  const orderOf = (code: string) => sizeGroups.find((group) => group.code === code)?.sizes ?? [];
  for (const line of found) sheet.addRow(bulkLineToSheetRow(line, orderOf(line.sizeGroup)));
  const buffer = await workbook.xlsx.writeBuffer();
  const name = `装箱明细-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}.xlsx`;
  res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  return res.send(Buffer.from(buffer as ArrayBuffer));
}

function ruleFailure(res: MockResponse, error: unknown) {
  if (error instanceof BulkRuleError) {
    return fail(
      res,
      error.code === 'NOT_EDITABLE' ? 409 : 422,
      error.code,
      error.message,
      error.field ? { [error.field]: error.message } : undefined,
    );
  }
  throw error;
}

/** Several-key delete, of one type (the path's) or of any: all or nothing, with every version. */
function removeLines(req: MockRequest, res: MockResponse, user: User, type?: string) {
  const parsed = keysQuerySchema.safeParse(req.query);
  if (!parsed.success) return fail(res, 400, 'BAD_QUERY', '请选择要删除的明细');
  const found = findLines(res, user, parsed.data.keys);
  if (!found) return undefined;
  if (type && found.some((line) => line.type !== type)) return fail(res, 404, 'NOT_FOUND', '所选明细的出运方式不符');
  if (!changeable(res, found, parsed.data.versions)) return undefined;
  for (const line of found) {
    lines.splice(lines.indexOf(line), 1);
    audit(user, 'delete', line.key, line, null);
  }
  const answer: DeleteResult = { success: true, deleted: found.length };
  return res.json(answer);
}

/** The mock's lines, which the inspection mock moves through their states. */
export { lines as mockBulkLines };

export default {
  // Fixed paths before `:key`, so 'export' is not read as a key.
  'GET /v1/packing/bulkdata/export': signedIn((req, res, user) => exportFile(req, res as FileResponse, user)),
  'GET /v1/packing/bulkdata': list('packing'),
  'GET /v1/shipping/bulkdata': list('shipping'),

  'GET /v1/packing/bulkdata/:key/history': signedIn((req, res, user) => {
    if (!findLines(res, user, [req.params.key])) return undefined;
    const entries = history.filter((entry) => entry.key === req.params.key).reverse();
    return res.json(entries.map(({ key: _key, ...entry }) => entry));
  }),

  'GET /v1/packing/bulkdata/:key': signedIn((req, res, user) => {
    const found = findLines(res, user, [req.params.key]);
    return found ? res.json(shown(user, found[0])) : undefined;
  }),

  'POST /v1/packing/bulkdata/mergeOne': writer((req, res, user) => {
    const parsed = bulkMergeSchema.safeParse(req.body);
    if (!parsed.success) return invalid(res, parsed.error);
    const parts = findLines(res, user, parsed.data.keys);
    if (!parts || !changeable(res, parts, parsed.data.versions)) return undefined;
    let merged: BulkLine;
    try {
      merged = mergeLines(parts);
    } catch (error) {
      return ruleFailure(res, error);
    }
    const saved = { ...merged, version: merged.version + 1, updatedAt: now() };
    const removed = parts.filter((part) => part.key !== saved.key);
    for (const part of removed) lines.splice(lines.indexOf(part), 1);
    const base = parts.find((part) => part.key === saved.key) as BulkLine;
    lines[lines.indexOf(base)] = saved;
    audit(
      user,
      'merge',
      saved.key,
      base,
      saved,
      removed.map((part) => part.key),
    );
    for (const part of removed) audit(user, 'merge', part.key, part, null, [saved.key]);
    return res.json(shown(user, saved));
  }),

  'POST /v1/packing/:type/bulkdata/import': writer((req, res, user) => importFile(req, res, user)),

  'POST /v1/packing/:type/bulkdata': writer((req, res, user) => {
    const type = bulkTypeSchema.safeParse(req.params.type);
    if (!type.success) return fail(res, 404, 'NOT_FOUND', '未知的出运方式');
    const parsed = bulkCreateSchema.safeParse(req.body);
    if (!parsed.success) return invalid(res, parsed.error);
    const problems = lookupProblems(parsed.data);
    const overlap = overlapProblem({ ...parsed.data, owner: user.id }, []);
    if (overlap) problems.cartonFrom = overlap;
    if (Object.keys(problems).length) return fail(res, 422, 'VALIDATION_FAILED', Object.values(problems)[0], problems);
    const created = newLine(type.data, parsed.data, user.id);
    lines.push(created);
    audit(user, 'create', created.key, null, created);
    return res.status(201).json(created);
  }),

  'PUT /v1/packing/:type/bulkdata/:key/seperate': writer((req, res, user) => {
    const parsed = bulkSplitSchema.safeParse(req.body);
    if (!parsed.success) return invalid(res, parsed.error);
    const line = pathLine(req, res, user);
    if (!line) return undefined;
    if (!changeable(res, [line], { [line.key]: parsed.data.version })) return undefined;
    let parts: [BulkLine, BulkLine];
    try {
      parts = splitLine(line, parsed.data.cartons);
    } catch (error) {
      return ruleFailure(res, error);
    }
    const at = now();
    const original = { ...parts[0], version: line.version + 1, updatedAt: at };
    const created = { ...parts[1], key: nextKey(), version: 1, createdAt: at, updatedAt: at };
    lines[lines.indexOf(line)] = original;
    lines.push(created);
    audit(user, 'split', original.key, line, original, [created.key]);
    audit(user, 'split', created.key, null, created, [original.key]);
    return res.json([shown(user, original), shown(user, created)]);
  }),

  'PUT /v1/packing/:type/bulkdata/:key': writer((req, res, user) => {
    const parsed = bulkUpdateSchema.safeParse(req.body);
    if (!parsed.success) return invalid(res, parsed.error);
    const line = pathLine(req, res, user);
    if (!line) return undefined;
    const { version, ...input } = parsed.data;
    if (!changeable(res, [line], { [line.key]: version })) return undefined;
    const problems = lookupProblems(input);
    const overlap = overlapProblem({ ...line, ...input }, [line.key]);
    if (overlap) problems.cartonFrom = overlap;
    if (Object.keys(problems).length) return fail(res, 422, 'VALIDATION_FAILED', Object.values(problems)[0], problems);
    const saved: BulkLine = { ...line, ...input, ...totalsAfterEdit(line, input), version: line.version + 1, updatedAt: now() };
    lines[lines.indexOf(line)] = saved;
    audit(user, 'update', saved.key, line, saved);
    return res.json(shown(user, saved));
  }),

  'PATCH /v1/packing/:type/bulkdata/': writer((req, res, user) => {
    const type = bulkTypeSchema.safeParse(req.params.type);
    if (!type.success) return fail(res, 404, 'NOT_FOUND', '未知的出运方式');
    return applyBatch(req, res, user, type.data);
  }),

  'PATCH /v1/bulkslist': writer((req, res, user) => applyBatch(req, res, user)),

  'DELETE /v1/packing/:type/bulkdata/:key': writer((req, res, user) => {
    const parsed = bulkDeleteBodySchema.safeParse(req.body);
    if (!parsed.success) return invalid(res, parsed.error);
    const line = pathLine(req, res, user);
    if (!line) return undefined;
    if (!changeable(res, [line], { [line.key]: parsed.data.version })) return undefined;
    lines.splice(lines.indexOf(line), 1);
    audit(user, 'delete', line.key, line, null);
    const answer: DeleteResult = { success: true, deleted: 1 };
    return res.json(answer);
  }),

  'DELETE /v1/packing/:type/bulkdata/': writer((req, res, user) => removeLines(req, res, user, req.params.type)),
  'DELETE /v1/packing/bulkdata/': writer((req, res, user) => removeLines(req, res, user)),
};
