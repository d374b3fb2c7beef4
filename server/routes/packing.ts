/**
 * 装箱明细 (bulk data) routes, registered from the endpoint table of contract/packing/endpoints.ts under bulkAccess:
 * every signed-in role reads (a `user` only their own lines); customers and clerks write. The lists answer JSON
 * built by the database (listBulkLinesJson), the export and the template an xlsx, a refused import a 422 with
 * its rows.
 */
import type { BulkLoad, BulksListPatch } from '../../contract/packing/schema';
import { assertExportable } from '../../contract/packing/checks';
import { lineFreights } from '../domain/freight/lines';
import { bulkAccess, bulkExportFileName, bulkImportMessages, bulkLimits } from '../../contract/packing/codes';
import { bulkEndpoints } from '../../contract/packing/endpoints';
import { importRejected } from '../../contract/packing/sheet';
import { importBulkLines } from '../domain/packing/import';
import {
  batchChangeBulkLines,
  bulkLineHistory,
  createBulkLine,
  deleteBulkLine,
  deleteBulkLines,
  getBulkLine,
  mergeBulkLines,
  splitBulkLine,
  updateBulkLine,
} from '../domain/packing/lines';
import { countExportRows, exportChunks, listBulkLinesJson, type BulkListKind } from '../domain/packing/list';
import { bulkSheetMaxColumns, bulkSheetStream, importTemplate, readSheetRows } from '../domain/packing/sheetFile';
import { loadBulkLines } from '../domain/container/loading';
import { listFactories, listSizeGroups } from '../domain/lookup';
import { endpointPlugin, sendJson, sendXlsx, type EndpointInput } from '../http/endpoints';
import { readUploadedFile } from '../http/upload';
import { OversizedSheetError, UnreadableSheetError, type SheetCell } from '../xlsx/readSheet';

type Endpoints = typeof bulkEndpoints;

const listOf =
  (kind: BulkListKind) =>
  async ({ db, caller, reply, query }: Pick<EndpointInput<Endpoints['list']>, 'db' | 'caller' | 'reply' | 'query'>) =>
    sendJson(reply, await listBulkLinesJson(db, caller, kind, query));

async function importFile({ db, caller, request, reply, params }: EndpointInput<Endpoints['import']>) {
  const file = await readUploadedFile(request, { field: 'file', missingMessage: bulkImportMessages.missing });
  let rows: SheetCell[][];
  try {
    rows = await readSheetRows(file);
  } catch (error) {
    if (error instanceof OversizedSheetError) {
      const message = `文件内容过多：一次最多导入 ${bulkLimits.importMaxRows} 行、${bulkSheetMaxColumns} 列，请删除多余的行列后重试`;
      return reply.status(422).send(importRejected([], message));
    }
    if (!(error instanceof UnreadableSheetError)) throw error;
    return reply.status(422).send(importRejected([], bulkImportMessages.unreadable));
  }
  const result = await importBulkLines(db, caller, params.type, rows);
  return result.success ? result : reply.status(422).send(result);
}

export default endpointPlugin(
  bulkEndpoints,
  { policy: bulkAccess, notFoundMessage: '装箱明细不存在', uploadMaxBytes: bulkLimits.importMaxBytes },
  {
    list: listOf('packing'),
    shippingList: listOf('shipping'),
    export: async ({ db, caller, query, reply }) => {
      assertExportable(await countExportRows(db, caller, query));
      const groups = new Map((await listSizeGroups(db)).map((group) => [group.code, group.sizes]));
      return sendXlsx(
        reply,
        bulkExportFileName(),
        bulkSheetStream(
          exportChunks(db, caller, query),
          (code) => groups.get(code) ?? [],
          (keys) => lineFreights(db, keys),
        ),
      );
    },
    // Public, like the download page that offers it: headers, an example row, the factory and size-group codes.
    template: async ({ db, reply }) =>
      sendXlsx(reply, '装箱明细导入模板.xlsx', await importTemplate(await listFactories(db), await listSizeGroups(db))),
    history: ({ db, caller, params }) => bulkLineHistory(db, caller, params.key),
    get: ({ db, caller, params }) => getBulkLine(db, caller, params.key),
    merge: ({ db, caller, body }) => mergeBulkLines(db, caller, body),
    import: importFile,
    create: ({ db, caller, params, body }) => createBulkLine(db, caller, params.type, body),
    split: ({ db, caller, params, body }) => splitBulkLine(db, caller, params.type, params.key, body),
    update: ({ db, caller, params, body }) => updateBulkLine(db, caller, params.type, params.key, body),
    batchChange: ({ db, caller, params, body }) => batchChangeBulkLines(db, caller, body, params.type),
    listChange: ({ db, caller, body }) =>
      body.containerKey === undefined
        ? batchChangeBulkLines(db, caller, body as BulksListPatch)
        : loadBulkLines(db, caller, body as BulkLoad),
    remove: ({ db, caller, params, body }) => deleteBulkLine(db, caller, params.type, params.key, body.version),
    removeOfType: ({ db, caller, params, query }) => deleteBulkLines(db, caller, params.type, query),
    removeAnyType: ({ db, caller, query }) => deleteBulkLines(db, caller, undefined, query),
  },
);
