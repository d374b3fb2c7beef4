/**
 * 下载: files for the signed-out download page that have no resource of their own — the user guide. The import
 * templates are their resources' calls (GET /v1/packing/bulkdata/template, GET /v1/osbPrice/template). zod-free.
 */
import type { AccessPolicy } from '../shared/access';
import type { Route } from '../shared/endpoint';

export const downloadRoutes = {
  userGuide: { method: 'GET', path: '/v1/download/userGuide' },
} as const satisfies Record<string, Route>;

/** Public files: nobody writes them through the API. */
export const downloadAccess: AccessPolicy = { read: 'signedIn', write: [], readAll: [], changeAll: [] };

/** The name the guide downloads under. */
export const USER_GUIDE_FILE_NAME = '事业部出货订舱信息系统用户手册.pdf';
