/** 装箱明细 (bulk data) calls: list, detail, history, create/edit/delete, batch change, split, merge, import, export. */
import request, { download, upload, type DownloadedFile } from '@/utils/request';
import type {
  BulkAuditEntry,
  BulkBatchPatch,
  BulkCreate,
  BulkFilter,
  BulkImportErrorBody,
  BulkImportResult,
  BulkLine,
  BulkListQuery,
  BulkListResult,
  BulkMerge,
  BulkSplit,
  BulkSplitResult,
  BulksListPatch,
  BulkType,
  BulkUpdate,
} from '@contract/bulk';
import type { DeleteResult, ErrorBody } from '@contract/common';

/** Packed lines, or the shipped ones (in a container or shipped). */
export type BulkListKind = 'packing' | 'shipping';

/** Leaves out empty filters, so the query string holds only what the user set. */
function definedParams<T extends object>(params: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as Partial<T>;
}

const lineType = (type: BulkType) => encodeURIComponent(type);
const lineKey = (key: string) => encodeURIComponent(key);

/** GET /v1/packing/bulkdata or /v1/shipping/bulkdata */
export async function queryBulkLines(query: BulkListQuery, kind: BulkListKind = 'packing') {
  return request<BulkListResult | undefined>(`/v1/${kind}/bulkdata`, { params: definedParams(query) });
}

/** GET /v1/packing/bulkdata/{key} */
export async function queryBulkLine(key: string) {
  // The detail page says "not found" itself, for a missing line and for another customer's alike.
  return request<BulkLine | undefined>(`/v1/packing/bulkdata/${lineKey(key)}`, { quietStatuses: [403, 404] });
}

/** GET /v1/packing/bulkdata/{key}/history: the line's audit entries, newest first. */
export async function queryBulkHistory(key: string) {
  return request<BulkAuditEntry[] | undefined>(`/v1/packing/bulkdata/${lineKey(key)}/history`);
}

/** POST /v1/packing/{type}/bulkdata */
export async function createBulkLine(type: BulkType, body: BulkCreate) {
  return request<BulkLine | undefined>(`/v1/packing/${lineType(type)}/bulkdata`, { method: 'POST', data: body });
}

/** PUT /v1/packing/{type}/bulkdata/{key} */
export async function updateBulkLine(type: BulkType, key: string, body: BulkUpdate) {
  return request<BulkLine | undefined>(`/v1/packing/${lineType(type)}/bulkdata/${lineKey(key)}`, {
    method: 'PUT',
    data: body,
  });
}

/** PATCH /v1/packing/{type}/bulkdata/ — one change on several lines of one type, all or nothing. */
export async function batchPatchBulkLines(type: BulkType, body: BulkBatchPatch) {
  return request<BulkLine[] | undefined>(`/v1/packing/${lineType(type)}/bulkdata/`, { method: 'PATCH', data: body });
}

/** PATCH /v1/bulkslist — one change on lines of any type (may also change their type), all or nothing. */
export async function patchBulksList(body: BulksListPatch) {
  return request<BulkLine[] | undefined>('/v1/bulkslist', { method: 'PATCH', data: body });
}

/** DELETE /v1/packing/{type}/bulkdata/{key}, with the version read. */
export async function removeBulkLine(type: BulkType, key: string, version: number) {
  return request<DeleteResult | undefined>(`/v1/packing/${lineType(type)}/bulkdata/${lineKey(key)}`, {
    method: 'DELETE',
    data: { version },
  });
}

/** DELETE /v1/packing/bulkdata/?keys=a,b&versions=1,3 — lines of any type with the versions read; all or nothing. */
export async function removeBulkLines(lines: Pick<BulkLine, 'key' | 'version'>[]) {
  return request<DeleteResult | undefined>('/v1/packing/bulkdata/', {
    method: 'DELETE',
    params: { keys: lines.map((line) => line.key).join(','), versions: lines.map((line) => line.version).join(',') },
  });
}

/** PUT /v1/packing/{type}/bulkdata/{key}/seperate (the specification's spelling) → [original, newLine]. */
export async function splitBulkLine(type: BulkType, key: string, body: BulkSplit) {
  return request<BulkSplitResult | undefined>(`/v1/packing/${lineType(type)}/bulkdata/${lineKey(key)}/seperate`, {
    method: 'PUT',
    data: body,
  });
}

/** POST /v1/packing/bulkdata/mergeOne → the merged line. */
export async function mergeBulkLines(body: BulkMerge) {
  return request<BulkLine | undefined>('/v1/packing/bulkdata/mergeOne', { method: 'POST', data: body });
}

export type BulkImportOutcome =
  | { ok: true; imported: number }
  /** status 0: no answer (network). `body` is the server's error body, with `rows` for a refused file. */
  | { ok: false; status: number; body?: ErrorBody | BulkImportErrorBody };

/** POST /v1/packing/{type}/bulkdata/import (multipart, field `file`), with upload progress. */
export async function importBulkLines(
  type: BulkType,
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<BulkImportOutcome> {
  const outcome = await upload<BulkImportResult>(`/v1/packing/${lineType(type)}/bulkdata/import`, file, { onProgress });
  return outcome.ok ? { ok: true, imported: outcome.data.imported } : outcome;
}

/** GET /v1/packing/bulkdata/template — public, so a plain link downloads it (no token needed). */
export const BULK_TEMPLATE_URL = '/v1/packing/bulkdata/template';

export type ExportedFile = DownloadedFile;

/** GET /v1/packing/bulkdata/export?<filters> — the xlsx the server makes of the filtered lines. */
export function exportBulkLines(filter: BulkFilter): Promise<ExportedFile | undefined> {
  return download('/v1/packing/bulkdata/export', {
    params: definedParams(filter),
    accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fallbackName: '装箱明细.xlsx',
  });
}
