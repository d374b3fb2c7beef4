/**
 * 导出 of a list: GET <list>/export with the list's filters and sorter; the server names the file
 * (`订舱计划-20261126-1504.xlsx`). Failures are notified by request.ts and answer undefined.
 */
import { definedParams } from '@/utils/definedParams';
import { download, type DownloadedFile } from '@/utils/request';
import type { Route } from '@contract/shared/endpoint';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportList = (route: Route, query: Record<string, unknown>): Promise<DownloadedFile | undefined> =>
  download(route.path, { params: definedParams(query), accept: XLSX, fallbackName: '导出.xlsx' });
