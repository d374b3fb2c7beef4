/** Mock of 下载 for `npm run dev`: the user guide PDF the server sends (server/assets/user-guide.pdf). */
import fs from 'node:fs';
import path from 'node:path';
import { downloadAccess, downloadEndpoints, USER_GUIDE_FILE_NAME } from '../contract/download/schema';
import { sendFile } from './_files';
import { mockEndpoints } from './_resource';

export default mockEndpoints(downloadEndpoints, downloadAccess, '文件不存在', {
  userGuide: ({ res }) =>
    sendFile(
      res,
      'application/pdf',
      USER_GUIDE_FILE_NAME,
      fs.readFileSync(path.join(__dirname, '../server/assets/user-guide.pdf')),
    ),
});
