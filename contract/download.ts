/** 下载 API: the user guide as a PDF. Routes and names in downloadCodes.ts. */
import { pdfSchema } from './common';
import { downloadRoutes } from './downloadCodes';
import { defineEndpoints } from './endpoint';

export * from './downloadCodes';

export const downloadEndpoints = defineEndpoints(downloadRoutes, {
  userGuide: {
    summary: '用户手册（PDF）',
    access: 'public',
    response: pdfSchema,
  },
});
