/** 下载 API: the user guide as a PDF. Routes and names in codes.ts. */
import { pdfSchema } from '../shared/common';
import { downloadRoutes } from './codes';
import { defineEndpoints } from '../shared/endpoint';

export * from './codes';

export const downloadEndpoints = defineEndpoints(downloadRoutes, {
  userGuide: {
    summary: '用户手册（PDF）',
    access: 'public',
    response: pdfSchema,
  },
});
