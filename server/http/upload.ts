/**
 * The one file of a multipart/form-data upload, for routes that take a file. A body that is not multipart is a
 * 415; a malformed one (no boundary, a truncated part, bad headers) a 400; a file over the route's limit a 413
 * (the multipart plugin's errors are mapped in errors.ts). Nothing of the parser's own errors reaches a 500.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';
import type { UploadedPart } from '../domain/storedFiles';

export interface UploadOptions {
  /** The form field that carries the file. */
  field: string;
  /** Shown when the field is missing. */
  missingMessage: string;
}

const isFastifyError = (error: unknown): error is { code: string } =>
  typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('FST_');

export async function readUploadedPart(request: FastifyRequest, { field, missingMessage }: UploadOptions): Promise<UploadedPart> {
  if (!request.isMultipart()) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', '请以 multipart/form-data 上传文件');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== field)
      throw new ApiError(422, 'VALIDATION_FAILED', missingMessage, { [field]: '请选择文件' });
    return { content: await part.toBuffer(), fileName: part.filename, mimeType: part.mimetype };
  } catch (error) {
    // The plugin's own errors carry their status (mapped to the API's shape in errors.ts); the rest are the parser's.
    if (error instanceof ApiError || isFastifyError(error)) throw error;
    throw new ApiError(400, 'BAD_MULTIPART', '上传内容格式无效，请重新选择文件上传');
  }
}

/** The file's content only (an xlsx to read). */
export const readUploadedFile = async (request: FastifyRequest, options: UploadOptions): Promise<Buffer> =>
  (await readUploadedPart(request, options)).content;
