/**
 * HTTP conditional requests (RFC 9110 §13) over the API's versions: a versioned record's GET answers `ETag: "3"`;
 * a write that holds a version may name it in `If-Match` instead of its body's `version` (a DELETE then needs no
 * body), and a stale one is 412 Precondition Failed, as the standard says, where a body's stale version stays 409.
 */
import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import { etagOf, versionOfIfMatch } from '../../contract/shared/endpoint';
import { RuleError } from '../../contract/shared/ruleError';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the version this write holds came from `If-Match`. */
    versionFromIfMatch?: number;
  }
}

/** preValidation of a write that takes a version: `If-Match` becomes the body's `version`. */
export const ifMatchVersion: preValidationHookHandler = async (request: FastifyRequest) => {
  const header = request.headers['if-match'];
  if (header === undefined) return;
  const version = typeof header === 'string' ? versionOfIfMatch(header) : undefined;
  if (version === undefined) throw new ApiError(400, 'BAD_IF_MATCH', 'If-Match 应为记录的 ETag，如 "3"');
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return;
  const stated = (body as { version?: unknown }).version;
  if (stated !== undefined && stated !== version) {
    throw new ApiError(400, 'BAD_IF_MATCH', 'If-Match 与请求中的 version 不一致');
  }
  request.body = { ...body, version };
  request.versionFromIfMatch = version;
};

/** Adds the ETag of a versioned answer. */
export function tagVersion(reply: FastifyReply, answer: unknown): void {
  const version = (answer as { version?: unknown } | null)?.version;
  if (typeof version === 'number') reply.header('etag', etagOf(version));
}

/** A stale version named by `If-Match`: 412 in the same words as the 409 a body's version gets. */
export function preconditionFailed(request: FastifyRequest, error: unknown): Error | undefined {
  if (request.versionFromIfMatch === undefined) return undefined;
  const stale =
    (error instanceof RuleError && error.status === 409 && error.code === 'VERSION_CONFLICT') ||
    (error instanceof ApiError && error.statusCode === 409 && error.errorCode === 'VERSION_CONFLICT');
  return stale ? new ApiError(412, 'PRECONDITION_FAILED', (error as Error).message) : undefined;
}
