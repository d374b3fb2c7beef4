/**
 * 装箱明细 (bulk data) routes, contract/bulk.ts. Every signed-in role reads (a `user` only their own lines);
 * customers and clerks write (the guard refuses the inspector before the body is read). In this plugin a bad
 * path parameter (an unknown {type}, an impossible key) is a 404 like a missing line, and a bad list, export
 * or delete query a 400 BAD_QUERY; bad bodies stay 422 with `fields`.
 */
import multipart from '@fastify/multipart';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkBatchPatchSchema,
  bulkCreateSchema,
  bulkDeleteBodySchema,
  bulkFilterSchema,
  bulkKeyParamsSchema,
  bulkListQuerySchema,
  bulkMergeSchema,
  bulkSplitSchema,
  bulksListPatchSchema,
  bulkTypeKeyParamsSchema,
  bulkTypeParamsSchema,
  bulkUpdateSchema,
} from '../../contract/bulk';
import { bulkAccess, bulkLimits } from '../../contract/bulkCodes';
import { keysQuerySchema } from '../../contract/common';
import { currentUser } from '../auth/guard';
import { importRejected } from '../../contract/bulkSheet';
import { importBulkLines } from '../domain/bulkImport';
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
} from '../domain/bulkLines';
import { countExportRows, exportChunks, listBulkLinesJson } from '../domain/bulkList';
import { bulkSheetMaxColumns, bulkSheetStream, importTemplate, readSheetRows } from '../domain/bulkSheetFile';
import { readUploadedFile } from '../http/upload';
import { OversizedSheetError, UnreadableSheetError, type SheetCell } from '../xlsx/readSheet';
import { listFactories, listSizeGroups } from '../domain/lookups';
import { accessGuard, resourceRequestError } from '../http/endpoints';
import { ApiError } from '../http/errors';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The lists answer JSON serialized by listBulkLinesJson. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A file name as an RFC 5987 attachment (the names are not ASCII). */
const attachment = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
/** `装箱明细-20250310.xlsx` */
const exportName = (date = new Date()) => `装箱明细-${date.toISOString().slice(0, 10).replace(/-/g, '')}.xlsx`;

const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: bulkLimits.importMaxBytes, files: 1, fields: 10, parts: 11 },
  });

  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, 'TOO_LARGE', `文件超过 ${bulkLimits.importMaxBytes / 1024 / 1024} MB`);
    }
    // Everything else as in every other route (the app's handler).
    throw resourceRequestError(error, '装箱明细不存在') ?? error;
  });

  const readers = accessGuard('read', bulkAccess);
  const writers = accessGuard('write', bulkAccess);

  // Fixed paths before `:key`, so that 'export' is never read as a key.
  app.get(
    '/v1/packing/bulkdata/export',
    { onRequest: readers, schema: { summary: '导出装箱明细（xlsx，当前筛选）', querystring: bulkFilterSchema } },
    async (request, reply) => {
      const caller = currentUser(request);
      if ((await countExportRows(app.db, caller, request.query)) > bulkLimits.exportMaxRows) {
        throw new ApiError(422, 'TOO_MANY_ROWS', `导出最多 ${bulkLimits.exportMaxRows} 行，请缩小筛选范围`);
      }
      const groups = new Map((await listSizeGroups(app.db)).map((group) => [group.code, group.sizes]));
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', attachment(exportName()))
        .send(bulkSheetStream(exportChunks(app.db, caller, request.query), (code) => groups.get(code) ?? []));
    },
  );

  // Public, like the download page that offers it: headers, an example row, and the factory and size-group codes.
  app.get('/v1/packing/bulkdata/template', { schema: { summary: '装箱明细导入模板（xlsx）' } }, async (_request, reply) => {
    const file = await importTemplate(await listFactories(app.db), await listSizeGroups(app.db));
    return reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', attachment('装箱明细导入模板.xlsx')).send(file);
  });

  app.get(
    '/v1/packing/bulkdata',
    { onRequest: readers, schema: { summary: '装箱明细列表', querystring: bulkListQuerySchema } },
    async (request, reply) =>
      reply.type(JSON_TYPE).send(await listBulkLinesJson(app.db, currentUser(request), 'packing', request.query)),
  );

  app.get(
    '/v1/shipping/bulkdata',
    { onRequest: readers, schema: { summary: '出运明细列表（已配柜、已出运）', querystring: bulkListQuerySchema } },
    async (request, reply) =>
      reply.type(JSON_TYPE).send(await listBulkLinesJson(app.db, currentUser(request), 'shipping', request.query)),
  );

  app.get(
    '/v1/packing/bulkdata/:key/history',
    { onRequest: readers, schema: { summary: '装箱明细变更记录（新的在前）', params: bulkKeyParamsSchema } },
    async (request) => bulkLineHistory(app.db, currentUser(request), request.params.key),
  );

  app.get(
    '/v1/packing/bulkdata/:key',
    { onRequest: readers, schema: { summary: '装箱明细详情', params: bulkKeyParamsSchema } },
    async (request) => getBulkLine(app.db, currentUser(request), request.params.key),
  );

  app.post(
    '/v1/packing/bulkdata/mergeOne',
    { onRequest: writers, schema: { summary: '合并装箱明细', body: bulkMergeSchema } },
    async (request) => mergeBulkLines(app.db, currentUser(request), request.body),
  );

  app.post(
    '/v1/packing/:type/bulkdata/import',
    { onRequest: writers, schema: { summary: '导入装箱明细（xlsx，全部成功或全部不导入）', params: bulkTypeParamsSchema } },
    async (request, reply) => {
      const caller = currentUser(request);
      const file = await readUploadedFile(request, { field: 'file', missingMessage: '请选择要导入的 xlsx 文件' });
      let rows: SheetCell[][];
      try {
        rows = await readSheetRows(file);
      } catch (error) {
        if (error instanceof OversizedSheetError) {
          return reply
            .status(422)
            .send(
              importRejected(
                [],
                `文件内容过多：一次最多导入 ${bulkLimits.importMaxRows} 行、${bulkSheetMaxColumns} 列，请删除多余的行列后重试`,
              ),
            );
        }
        if (!(error instanceof UnreadableSheetError)) throw error;
        return reply.status(422).send(importRejected([], '无法读取文件，请上传 xlsx 格式的装箱明细'));
      }
      const result = await importBulkLines(app.db, caller, request.params.type, rows);
      return result.success ? result : reply.status(422).send(result);
    },
  );

  app.post(
    '/v1/packing/:type/bulkdata',
    { onRequest: writers, schema: { summary: '新建装箱明细', params: bulkTypeParamsSchema, body: bulkCreateSchema } },
    async (request, reply) =>
      reply.status(201).send(await createBulkLine(app.db, currentUser(request), request.params.type, request.body)),
  );

  app.put(
    '/v1/packing/:type/bulkdata/:key/seperate',
    {
      onRequest: writers,
      schema: { summary: '拆分装箱明细（后 n 箱成为新明细）', params: bulkTypeKeyParamsSchema, body: bulkSplitSchema },
    },
    async (request) => splitBulkLine(app.db, currentUser(request), request.params.type, request.params.key, request.body),
  );

  app.put(
    '/v1/packing/:type/bulkdata/:key',
    {
      onRequest: writers,
      schema: { summary: '修改装箱明细（需版本号）', params: bulkTypeKeyParamsSchema, body: bulkUpdateSchema },
    },
    async (request) => updateBulkLine(app.db, currentUser(request), request.params.type, request.params.key, request.body),
  );

  app.patch(
    '/v1/packing/:type/bulkdata',
    {
      onRequest: writers,
      schema: { summary: '批量修改同一出运方式的装箱明细', params: bulkTypeParamsSchema, body: bulkBatchPatchSchema },
    },
    async (request) => batchChangeBulkLines(app.db, currentUser(request), request.body, request.params.type),
  );

  app.patch(
    '/v1/bulkslist',
    { onRequest: writers, schema: { summary: '批量修改装箱明细（可改出运方式）', body: bulksListPatchSchema } },
    async (request) => batchChangeBulkLines(app.db, currentUser(request), request.body),
  );

  app.delete(
    '/v1/packing/:type/bulkdata/:key',
    {
      onRequest: writers,
      schema: { summary: '删除装箱明细（需版本号）', params: bulkTypeKeyParamsSchema, body: bulkDeleteBodySchema },
    },
    async (request) =>
      deleteBulkLine(app.db, currentUser(request), request.params.type, request.params.key, request.body.version),
  );

  app.delete(
    '/v1/packing/:type/bulkdata',
    {
      onRequest: writers,
      schema: { summary: '删除多条装箱明细（全部成功或全部不删）', params: bulkTypeParamsSchema, querystring: keysQuerySchema },
    },
    async (request) => deleteBulkLines(app.db, currentUser(request), request.params.type, request.query),
  );

  // A selection of both types is one call, so that it is deleted all or nothing (not one call per type).
  app.delete(
    '/v1/packing/bulkdata',
    {
      onRequest: writers,
      schema: { summary: '删除多条装箱明细，不限出运方式（全部成功或全部不删）', querystring: keysQuerySchema },
    },
    async (request) => deleteBulkLines(app.db, currentUser(request), undefined, request.query),
  );
};

export default bulkRoutes;
