/** 装箱明细 (bulk data) calls: list, detail, history, create/edit/delete, batch change, split, merge, import, export. */
import { TOKEN_KEY } from '@/utils/authority';
import request, { endSession } from '@/utils/request';
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

/**
 * POST /v1/packing/{type}/bulkdata/import (multipart, field `file`).
 * XMLHttpRequest instead of request.ts, only here: umi-request is built on fetch, which cannot report
 * upload progress, and a 20 MB upload needs a progress bar. It sends the same cookies and token header,
 * and a 401 ends the session as request.ts does; other failures are the caller's to show (the 422 error
 * report above all), so no notification is raised here.
 */
export function importBulkLines(type: BulkType, file: Blob, onProgress?: (percent: number) => void): Promise<BulkImportOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/v1/packing/${lineType(type)}/bulkdata/import`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, imported: (body as BulkImportResult).imported });
        return;
      }
      if (xhr.status === 401) endSession();
      resolve({ ok: false, status: xhr.status, body: body as ErrorBody | undefined });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0 });
    const form = new FormData();
    form.append('file', file, (file as File).name || 'bulkdata.xlsx');
    xhr.send(form);
  });
}

/** GET /v1/packing/bulkdata/template — public, so a plain link downloads it (no token needed). */
export const BULK_TEMPLATE_URL = '/v1/packing/bulkdata/template';

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      return fallback;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** GET /v1/packing/bulkdata/export?<filters> — the xlsx the server makes of the filtered lines. */
export async function exportBulkLines(filter: BulkFilter): Promise<ExportedFile | undefined> {
  const answer = await request<Blob>('/v1/packing/bulkdata/export', {
    params: definedParams(filter),
    headers: { Accept: XLSX_TYPE },
    responseType: 'blob',
    getResponse: true,
  });
  if (!answer) return undefined;
  const { data, response } = answer as unknown as { data: Blob; response: Response };
  return { blob: data, fileName: fileNameOf(response.headers.get('Content-Disposition'), '装箱明细.xlsx') };
}
