/**
 * 搜索, the call and its schemas:
 *   GET /v1/search?q=   → SearchResult: what the caller may see whose number starts with q, grouped by kind
 */
import { z } from 'zod';
import { singleLine } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { searchKindLabels, searchLimits, searchRoutes, type SearchKind } from './codes';

export const searchQuerySchema = z.strictObject({
  q: singleLine('搜索内容不能包含控制字符或换行')
    .trim()
    .max(searchLimits.maxLength, `搜索内容最多 ${searchLimits.maxLength} 个字符`),
});

const itemSchema = z.object({ title: z.string(), description: z.string(), status: z.string(), path: z.string() });

export const searchResultSchema = z.object({
  q: z.string(),
  groups: z.array(
    z.object({
      kind: z.enum(Object.keys(searchKindLabels) as [SearchKind, ...SearchKind[]]),
      label: z.string(),
      items: z.array(itemSchema),
    }),
  ),
});

export const searchEndpoints = defineEndpoints(searchRoutes, {
  search: {
    summary: '按开头查找编号（PO、货号、提单号、柜号、计划号、订舱单号、SO、报关交接单号、箱码），只含调用者可见的',
    access: 'read',
    query: searchQuerySchema,
    response: searchResultSchema,
  },
});
