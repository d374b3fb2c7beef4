/** 报关交接 calls, built from the endpoint table's routes and typed with its schemas. */
import { download, upload } from '@/utils/request';
import { requestRoute } from '@/utils/requestRoute';
import type { declarationEndpoints } from '@contract/declaration/schema';
import { declarationRoutes, type DeclarationDocument } from '@contract/declaration/codes';
import { pathOf, type BodyOf, type QueryOf, type ResponseOf } from '@contract/shared/endpoint';

type Endpoints = typeof declarationEndpoints;

/** GET /v1/declaration */
export const queryDeclarations = (query: QueryOf<Endpoints['list']>) =>
  requestRoute<ResponseOf<Endpoints['list']> | undefined>(declarationRoutes.list, { params: query });

/** GET /v1/declaration/{key} — with its status history; the page itself says "not found". */
export const queryDeclaration = (key: string) =>
  requestRoute<ResponseOf<Endpoints['get']> | undefined>(declarationRoutes.get, {
    pathParams: { key },
    quietStatuses: [403, 404],
  });

/** POST /v1/declaration — the handover of a booked order. */
export const createDeclaration = (body: BodyOf<Endpoints['create']>) =>
  requestRoute<ResponseOf<Endpoints['create']> | undefined>(declarationRoutes.create, { data: body });

/** PUT /v1/declaration/{key} — documents, terms, lines, or the next status. */
export const updateDeclaration = (key: string, body: BodyOf<Endpoints['update']>) =>
  requestRoute<ResponseOf<Endpoints['update']> | undefined>(declarationRoutes.update, { pathParams: { key }, data: body });

/** GET /v1/declaration/{key}/elements — 申报要素 as the server writes it. */
export const downloadDeclarationElements = (key: string) =>
  download(pathOf(declarationRoutes.elements, { key }), {
    accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fallbackName: '申报要素.xlsx',
  });

/** POST /v1/declaration/{key}/documents/{document} — a document's file, with the upload's progress. */
export const uploadDeclarationDocument = (
  key: string,
  document: DeclarationDocument,
  file: Blob,
  onProgress?: (percent: number) => void,
) =>
  upload<ResponseOf<Endpoints['uploadDocument']>>(pathOf(declarationRoutes.uploadDocument, { key, document }), file, {
    onProgress,
  });

/** GET /v1/declaration/{key}/documents/{document} — the file as it was uploaded. */
export const downloadDeclarationDocument = (key: string, document: DeclarationDocument) =>
  download(pathOf(declarationRoutes.downloadDocument, { key, document }), { accept: '*/*', fallbackName: `${document}` });
