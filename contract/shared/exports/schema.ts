/** 导出, the call of each list: `GET /v1/<list>/export?…` takes the list's own filters and sorter, not its page. */
import { z } from 'zod';
import { xlsxSchema } from '../common';
import { exportLimits } from './sheet';

export function exportEndpoint<S extends z.ZodRawShape & { current: z.ZodType; pageSize: z.ZodType }>(
  label: string,
  listQuery: z.ZodObject<S>,
) {
  const { current: _current, pageSize: _pageSize, ...filters } = listQuery.shape;
  return {
    summary: `导出${label}（xlsx，当前筛选与排序，最多 ${exportLimits.maxRows} 行）`,
    access: 'read' as const,
    query: z.object(filters as Omit<S, 'current' | 'pageSize'>),
    response: xlsxSchema,
    // More rows than an export takes.
    alsoAnswers: [422] as const,
  };
}
