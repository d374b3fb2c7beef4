/**
 * Mock of 装箱明细 (contract/packing/endpoints.ts) for `npm run dev` without a server: the demo lines of demo/ in
 * the store's table, the contract's schemas and rules (totals, overlaps, split, merge, the sheet).
 * Full behaviour is `npm run dev:api`.
 */
import {
  bulkAccess,
  bulkExportFileName,
  bulkFilterRules,
  bulkImportMessages,
  bulkLimits,
  shippingBulkStatuses,
  type BulkLine,
  type BulkType,
} from '../contract/packing/schema';
import { assertExportable, lookupProblemsOf, overlapMessage, rangesOverlap } from '../contract/packing/checks';
import { bulkEndpoints } from '../contract/packing/endpoints';
import {
  assertBulkEditable,
  assertBulkType,
  batchChanged,
  mergeLines,
  newLineValues,
  splitLine,
  totalsAfterEdit,
  type CartonFigures,
} from '../contract/packing/rules';
import { lineFreightCells, lineFreightHeader } from '../contract/freight/codes';
import { lineFreights } from './_freight';
import { aliasesOf, bulkLineToSheetRow, bulkSheetHeader, importRejected, readBulkSheet } from '../contract/packing/sheet';
import { assertNoProblems } from '../contract/shared/ruleError';
import type { User } from '../contract/user/schema';
import { sendXlsx, uploadedRows } from './_files';
import { filterRows, mockEndpoints, pageOf, sameCompany, type MockInput } from './_resource';
import { bulkLines } from './_tables';
import { withLoading } from './container';
import { demoFactories as factories, demoSizeGroups as sizeGroups } from '../demo/lookups';

const table = bulkLines;

const found = (user: User, query: object) => filterRows(table.visible(user), query as Record<string, unknown>, bulkFilterRules);

const list =
  (shippingOnly: boolean) =>
  ({ user, query }: MockInput) => {
    const lines = found(user, query).filter((line) => !shippingOnly || shippingBulkStatuses.includes(line.status));
    const page = pageOf(lines, query, 'createdAt:descend');
    return { ...page, data: page.data.map(table.shown(user)) };
  };

/** The lines a change may touch: the caller's (404 otherwise), of the path's type, editable, versions current. */
function changeable(user: User, keys: string[], versions: Record<string, number>, type?: BulkType) {
  const lines = table.find(user, keys);
  assertBulkType(lines, type);
  assertBulkEditable(lines);
  table.assertVersions(lines, versions);
  return lines;
}

type StoredLine = CartonFigures & Pick<BulkLine, 'poNo' | 'owner' | 'factoryCode' | 'sizeGroup'>;
const factoryCodes = new Set(factories.map((f) => f.code));
const sizeGroupByCode = new Map(sizeGroups.map((g) => [g.code, g]));
const lookupProblems = (line: StoredLine) => lookupProblemsOf(line, factoryCodes, sizeGroupByCode);

/** Field → message of a new or edited line against the lookups and the owner's other lines of its PO. */
function storedProblems(line: StoredLine, exceptKey?: string) {
  const problems = lookupProblems(line);
  const clash = table.rows.some(
    (o) => sameCompany(o.owner, line.owner) && o.poNo === line.poNo && o.key !== exceptKey && rangesOverlap(o, line),
  );
  return clash ? { ...problems, cartonFrom: overlapMessage(line) } : problems;
}

function batchChange({ user, params, body }: MockInput) {
  const lines = changeable(user, body.keys, body.versions, params?.type);
  const { factoryCode } = body.changes;
  const factoryProblem = factoryCode && lookupProblems({ ...lines[0], factoryCode }).factoryCode;
  if (factoryProblem) assertNoProblems({ factoryCode: factoryProblem });
  return batchChanged(lines, body.changes).map((line, i) => table.shown(user)(table.change(user, lines[i], line, 'batchUpdate')));
}

/** Deletes the lines, all or nothing. */
function remove(user: User, keys: string[], versions: Record<string, number>, type?: BulkType) {
  const lines = changeable(user, keys, versions, type);
  lines.forEach((line) => table.remove(user, line));
  return { success: true, deleted: lines.length };
}

export default mockEndpoints(bulkEndpoints, bulkAccess, '装箱明细不存在', {
  list: list(false),
  shippingList: list(true),
  export: ({ user, query, res }) => {
    const lines = pageOf(found(user, query), { current: 1, pageSize: bulkLimits.exportMaxRows + 1 }, 'createdAt:descend').data;
    assertExportable(lines.length);
    const freight = lineFreights(lines);
    const rows = lines.map((line) => [
      ...bulkLineToSheetRow(line, sizeGroupByCode.get(line.sizeGroup)?.sizes ?? []),
      ...lineFreightCells(freight.get(line.key)),
    ]);
    return sendXlsx(res, bulkExportFileName(), [[...bulkSheetHeader(), ...lineFreightHeader], ...rows]);
  },
  template: ({ res }) => sendXlsx(res, '装箱明细导入模板.xlsx', [bulkSheetHeader()]),
  history: ({ user, params }) => table.find(user, [params.key], 'read') && table.history(params.key),
  get: ({ user, params }) => table.shown(user)(table.find(user, [params.key], 'read')[0]),
  merge: ({ user, body }) => {
    const parts = changeable(user, body.keys, body.versions);
    const merged = mergeLines(parts);
    const base = parts.find((part) => part.key === merged.key) as BulkLine;
    const removed = parts.filter((part) => part !== base);
    removed.forEach((part) => table.remove(user, part, 'merge', [merged.key]));
    const related = removed.map((part) => part.key);
    return table.shown(user)(table.change(user, base, merged, 'merge', related));
  },
  import: async ({ req, user, params, res }) => {
    const rows = await uploadedRows(req, bulkLimits.importMaxBytes, bulkImportMessages);
    const read = readBulkSheet(rows, { factoryCode: aliasesOf(factories), sizeGroup: aliasesOf(sizeGroups) });
    const errors = [...read.errors];
    for (const { row, line } of read.lines) {
      for (const [field, message] of Object.entries(storedProblems({ ...line, owner: user.id }))) {
        errors.push({ row, field: field as keyof BulkLine, message });
      }
    }
    if (errors.length) return res.status(422).json(importRejected(errors));
    read.lines.forEach(({ line }) => table.insert(user, newLineValues(params.type, line, user.id), 'import'));
    return { success: true, imported: read.lines.length, ...(read.exampleRows.length ? { exampleSkipped: true } : {}) };
  },
  create: ({ user, params, body }) => {
    assertNoProblems(storedProblems({ ...body, owner: user.id }));
    return table.shown(user)(table.insert(user, newLineValues(params.type, body, user.id)));
  },
  split: ({ user, params, body }) => {
    const [line] = changeable(user, [params.key], { [params.key]: body.version }, params.type);
    const [original, created] = splitLine(line, body.cartons);
    const added = table.insert(user, created, 'split', undefined, [line.key]);
    return [table.change(user, line, original, 'split', [added.key]), added].map(table.shown(user));
  },
  update: ({ user, params, body }) => {
    const { version, ...input } = body;
    const [line] = changeable(user, [params.key], { [params.key]: version }, params.type);
    assertNoProblems(storedProblems({ ...line, ...input }, line.key));
    return table.shown(user)(table.change(user, line, { ...line, ...input, ...totalsAfterEdit(line, input) }));
  },
  batchChange,
  listChange: withLoading(batchChange),
  remove: ({ user, params, body }) => remove(user, [params.key], { [params.key]: body.version }, params.type),
  removeOfType: ({ user, params, query }) => remove(user, query.keys, query.versions, params.type),
  removeAnyType: ({ user, query }) => remove(user, query.keys, query.versions),
});
