/** 报关交接 routes, registered from the endpoint table under the declaration access policy. */
import { declarationAccess, declarationEndpoints, declarationLimits } from '../../contract/declaration/schema';
import {
  createDeclaration,
  declarationDocumentFile,
  declarationElements,
  getDeclaration,
  listDeclarations,
  updateDeclaration,
  uploadDeclarationDocument,
} from '../domain/declaration';
import { endpointPlugin, sendFile, sendXlsx } from '../http/endpoints';
import { readUploadedPart } from '../http/upload';
import { declarationExport } from '../../contract/shared/exports/lists';
import { exportRoute } from '../http/listExport';

export const declarationRoutes = endpointPlugin(
  declarationEndpoints,
  { policy: declarationAccess, notFoundMessage: '报关交接不存在', uploadMaxBytes: declarationLimits.documentMaxBytes },
  {
    list: ({ db, caller, query }) => listDeclarations(db, caller, query),
    export: exportRoute(declarationExport, listDeclarations.chunks),
    get: ({ db, caller, params }) => getDeclaration(db, caller, params.key),
    create: ({ db, caller, body }) => createDeclaration(db, caller, body.orderKey),
    update: ({ db, caller, params, body }) => updateDeclaration(db, caller, params.key, body),
    elements: async ({ db, caller, params, reply }) => {
      const { name, file } = await declarationElements(db, caller, params.key);
      return sendXlsx(reply, name, file);
    },
    uploadDocument: async ({ db, caller, params, request }) => {
      const file = await readUploadedPart(request, { field: 'file', missingMessage: '请选择要上传的单证文件' });
      return uploadDeclarationDocument(db, caller, params.key, params.document, file);
    },
    downloadDocument: async ({ db, caller, params, reply }) => {
      const file = await declarationDocumentFile(db, caller, params.key, params.document);
      return sendFile(reply, file.contentType, file.fileName, file.content);
    },
  },
);
