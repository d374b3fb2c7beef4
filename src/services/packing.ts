import { definedParams } from '@/utils/definedParams';
/**
 * 装箱明细 (bulk data) calls: list, detail, history, create/edit/delete, batch change, split, merge, import,
 * export, built from the endpoint table's routes.
 */
import { upload } from '@/utils/request';
import { requestRoute } from '@/utils/requestRoute';
import type {
  BulkAuditEntry,
  BulkBatchPatch,
  BulkCreate,
  BulkImportErrorBody,
  BulkImportResult,
  BulkLine,
  BulkListQuery,
  BulkListResult,
  BulkMerge,
  BulkSplit,
  BulkSplitResult,
  BulkLoad,
  BulksListPatch,
  BulkType,
  BulkUpdate,
} from '@contract/packing/schema';
import { bulkRoutes as routes } from '@contract/packing/codes';
import { pathOf } from '@contract/shared/endpoint';
import type { DeleteResult, ErrorBody } from '@contract/shared/common';

/** Packed lines, or the shipped ones (in a container or shipped). */
export type BulkListKind = 'packing' | 'shipping';

/** GET /v1/packing/bulkdata or /v1/shipping/bulkdata */
export async function queryBulkLines(query: BulkListQuery, kind: BulkListKind = 'packing') {
  const route = kind === 'packing' ? routes.list : routes.shippingList;
  return requestRoute<BulkListResult | undefined>(route, { params: definedParams(query) });
}

/** GET /v1/packing/bulkdata/{key} */
export async function queryBulkLine(key: string) {
  // The detail page says "not found" itself, for a missing line and for another customer's alike.
  return requestRoute<BulkLine | undefined>(routes.get, { pathParams: { key }, quietStatuses: [403, 404] });
}

/** GET /v1/packing/bulkdata/{key}/history: the line's audit entries, newest first. */
export async function queryBulkHistory(key: string) {
  return requestRoute<BulkAuditEntry[] | undefined>(routes.history, { pathParams: { key } });
}

/** POST /v1/packing/{type}/bulkdata */
export async function createBulkLine(type: BulkType, body: BulkCreate) {
  return requestRoute<BulkLine | undefined>(routes.create, { pathParams: { type }, data: body });
}

/** PUT /v1/packing/{type}/bulkdata/{key} */
export async function updateBulkLine(type: BulkType, key: string, body: BulkUpdate) {
  return requestRoute<BulkLine | undefined>(routes.update, { pathParams: { type, key }, data: body });
}

/** PATCH /v1/packing/{type}/bulkdata/ — one change on several lines of one type, all or nothing. */
export async function batchPatchBulkLines(type: BulkType, body: BulkBatchPatch) {
  return requestRoute<BulkLine[] | undefined>(routes.batchChange, { pathParams: { type }, data: body });
}

/** PATCH /v1/bulkslist — one change on lines of any type (may also change their type), all or nothing. */
export async function patchBulksList(body: BulksListPatch) {
  return requestRoute<BulkLine[] | undefined>(routes.listChange, { data: body });
}

/** PATCH /v1/bulkslist with `containerKey` — 装柜 (null: 移出柜), all or nothing. */
export async function loadBulkLines(body: BulkLoad) {
  return requestRoute<BulkLine[] | undefined>(routes.listChange, { data: body });
}

/** DELETE /v1/packing/{type}/bulkdata/{key}, with the version read. */
export async function removeBulkLine(type: BulkType, key: string, version: number) {
  return requestRoute<DeleteResult | undefined>(routes.remove, { pathParams: { type, key }, data: { version } });
}

/** DELETE /v1/packing/bulkdata/?keys=a,b&versions=1,3 — lines of any type with the versions read; all or nothing. */
export async function removeBulkLines(lines: Pick<BulkLine, 'key' | 'version'>[]) {
  return requestRoute<DeleteResult | undefined>(routes.removeAnyType, {
    params: { keys: lines.map((line) => line.key).join(','), versions: lines.map((line) => line.version).join(',') },
  });
}

/** PUT /v1/packing/{type}/bulkdata/{key}/seperate (the specification's spelling) → [original, newLine]. */
export async function splitBulkLine(type: BulkType, key: string, body: BulkSplit) {
  return requestRoute<BulkSplitResult | undefined>(routes.split, { pathParams: { type, key }, data: body });
}

/** POST /v1/packing/bulkdata/mergeOne → the merged line. */
export async function mergeBulkLines(body: BulkMerge) {
  return requestRoute<BulkLine | undefined>(routes.merge, { data: body });
}

export type BulkImportOutcome =
  | { ok: true; imported: number; exampleSkipped?: boolean }
  /** status 0: no answer (network). `body` is the server's error body, with `rows` for a refused file. */
  | { ok: false; status: number; body?: ErrorBody | BulkImportErrorBody };

/** POST /v1/packing/{type}/bulkdata/import (multipart, field `file`), with upload progress. */
export async function importBulkLines(
  type: BulkType,
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<BulkImportOutcome> {
  const outcome = await upload<BulkImportResult>(pathOf(routes.import, { type }), file, { onProgress });
  if (!outcome.ok) return outcome;
  const { imported, exampleSkipped } = outcome.data;
  return { ok: true, imported, ...(exampleSkipped ? { exampleSkipped } : {}) };
}

/** GET /v1/packing/bulkdata/template — public, so a plain link downloads it (no token needed). */
export const BULK_TEMPLATE_URL = routes.template.path;
