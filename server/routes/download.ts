/** 下载 routes: the user guide PDF, printed from docs/user-guide.md by `npm run guide`. */
import fs from 'node:fs';
import path from 'node:path';
import { downloadAccess, downloadEndpoints, USER_GUIDE_FILE_NAME } from '../../contract/download/schema';
import { endpointPlugin, sendFile } from '../http/endpoints';
import { assetsFolder } from '../paths';

export const downloadRoutes = endpointPlugin(
  downloadEndpoints,
  { policy: downloadAccess, notFoundMessage: '文件不存在' },
  {
    userGuide: async ({ reply }) =>
      sendFile(reply, 'application/pdf', USER_GUIDE_FILE_NAME, fs.createReadStream(path.join(assetsFolder, 'user-guide.pdf'))),
  },
);
