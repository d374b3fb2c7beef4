/**
 * The packing list's changes of chosen lines, through the services, as Outcomes that dialogs read field errors
 * and conflicts from. Every change sends the versions of the lines as the list showed them.
 */
import {
  batchPatchBulkLines,
  mergeBulkLines,
  patchBulksList,
  queryBulkHistory,
  queryBulkLine,
  removeBulkLine,
  removeBulkLines,
  splitBulkLine,
} from '@/services/packing';
import { outcomeOf } from '@/utils/request';
import type { BulkAuditEntry, BulkLine, BulksListPatch } from '@contract/packing/schema';

const versionsOf = (lines: readonly BulkLine[]) => Object.fromEntries(lines.map((line) => [line.key, line.version]));
const keysOf = (lines: readonly BulkLine[]) => lines.map((line) => line.key);

/**
 * 批量修改. Lines of one type, keeping their type, go through PATCH /v1/packing/{type}/bulkdata/; a mixed
 * selection or a change of type through PATCH /v1/bulkslist.
 */
export function batchChange(lines: readonly BulkLine[], changes: BulksListPatch['changes']) {
  const types = new Set(lines.map((line) => line.type));
  const { type: newType, ...sameType } = changes;
  const keys = keysOf(lines);
  const versions = versionsOf(lines);
  return newType === undefined && types.size === 1
    ? outcomeOf(batchPatchBulkLines([...types][0], { keys, changes: sameType, versions }))
    : outcomeOf(patchBulksList({ keys, changes, versions }));
}

export const removeLine = (line: BulkLine) => outcomeOf(removeBulkLine(line.type, line.key, line.version));
/** 批量删除: one call for the selection, whatever the lines' types: all or nothing. */
export const removeLines = (lines: BulkLine[]) => outcomeOf(removeBulkLines(lines));
export const splitLine = (line: BulkLine, cartons: number) =>
  outcomeOf(splitBulkLine(line.type, line.key, { cartons, version: line.version }));
export const mergeLines = (lines: readonly BulkLine[]) =>
  outcomeOf(mergeBulkLines({ keys: keysOf(lines), versions: versionsOf(lines) }));

/** What the detail page shows: the line and its history, or why not (`notFound` also for another customer's). */
export type Detail = { line: BulkLine; history: BulkAuditEntry[] } | 'notFound' | 'failed';

export async function loadDetail(key: string): Promise<Detail> {
  const line = await outcomeOf(queryBulkLine(key));
  if (!line.ok) return line.error ? 'notFound' : 'failed';
  const history = await outcomeOf(queryBulkHistory(key));
  return { line: line.data, history: history.ok ? history.data : [] };
}
