/**
 * 变更历史, the call and its schemas:
 *   GET /v1/history/{entity}/{key}?current=&pageSize=   → a page of HistoryEntry, newest first
 */
import { z } from 'zod';
import { listResultSchema, pageQuery } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { historyEntities, historyRoutes } from './codes';

export const historyParamsSchema = z.strictObject({
  entity: z.enum(historyEntities as [string, ...string[]]),
  key: z.string().min(1).max(64),
});
export const historyQuerySchema = pageQuery(100);

export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actorName: z.string(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() })),
  relatedKeys: z.array(z.string()),
});

export const historyEndpoints = defineEndpoints(historyRoutes, {
  get: {
    summary: '一条业务记录的变更历史（谁、何时、改了哪些字段），按该记录本身的权限读取',
    access: 'read',
    params: historyParamsSchema,
    query: historyQuerySchema,
    response: listResultSchema(historyEntrySchema),
  },
});
