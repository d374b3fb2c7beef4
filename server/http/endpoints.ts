/**
 * Routes registered from a resource's endpoint table (contract/shared/endpoint.ts): each with the guard its access
 * names under the resource's policy, its schemas (the response one too, so that /v1/docs documents it), and
 * one handler taking the caller and the validated input. In such a plugin a bad path parameter is a 404 like a
 * missing row, and a bad query a 400 BAD_QUERY; bad bodies stay 422 with `fields`.
 */
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AccessPolicy } from '../../contract/shared/access';
import { answersVersion, takesVersion, type Endpoint, type EndpointAccess } from '../../contract/shared/endpoint';
import { XLSX_TYPE } from '../../contract/shared/common';
import { fileTooLargeMessage } from '../../contract/shared/formats';
import { requireRole, type RoleGuard } from '../auth/guard';
import type { SessionUser } from '../auth/sessionUser';
import type { Db } from '../db/open';
import { notFound } from '../domain/refusals';
import { ifMatchVersion, preconditionFailed, tagVersion } from './conditional';
import { ApiError, databaseUnreachable, sendUnavailable, validationFields } from './errors';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface EndpointInput<E extends Endpoint> {
  db: Db;
  /** The signed-in caller (every endpoint that is not `public` has one). */
  caller: SessionUser;
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the response, or the reply when it sent its own (a file, JSON built by the database, a 422). */
export type EndpointHandlers<T extends Record<string, Endpoint>> = {
  [K in keyof T]: (input: EndpointInput<T[K]>) => Promise<z.input<T[K]['response']> | FastifyReply>;
};

export interface EndpointPluginOptions {
  policy: AccessPolicy;
  notFoundMessage: string;
  /** Routes that take a file (readUploadedFile): its largest size; a larger file is a 413. */
  uploadMaxBytes?: number;
}

/** The guard of a call: who `access` names under the resource's policy; none for a public call. */
export function accessGuard(access: EndpointAccess, policy: AccessPolicy): RoleGuard | undefined {
  if (access === 'public') return undefined;
  if (access === 'read') return policy.read === 'signedIn' ? requireRole() : requireRole(...policy.read);
  if (access === 'write') return policy.write === 'signedIn' ? requireRole() : requireRole(...policy.write);
  return requireRole(...access);
}

/**
 * The answer of a resource's routes to a request that does not fit them: a bad path parameter is a missing row
 * (404 in the resource's own words), a bad query a 400 BAD_QUERY naming every bad field; undefined for anything else.
 */
export function resourceRequestError(error: FastifyError, notFoundMessage: string): Error | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  if (error.validationContext === 'params') return notFound(notFoundMessage);
  if (error.validationContext !== 'querystring') return undefined;
  const fields = validationFields(error);
  return new ApiError(400, 'BAD_QUERY', Object.values(fields)[0] ?? '查询参数有误', fields);
}

/** The app ignores trailing slashes: `/bulkdata/` (the specification's spelling) is served as `/bulkdata`. */
const urlOf = (endpoint: Endpoint) => endpoint.path.replace(/(.)\/$/, '$1');

/** A plugin that registers every endpoint of `endpoints` with its handler. */
export function endpointPlugin<T extends Record<string, Endpoint>>(
  endpoints: T,
  options: EndpointPluginOptions,
  handlers: EndpointHandlers<T>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const { uploadMaxBytes } = options;
    if (uploadMaxBytes) await app.register(multipart, { limits: { fileSize: uploadMaxBytes, files: 1, fields: 10, parts: 11 } });
    // Thrown on to the app's handler, which answers every error in the one shape.
    const invalidParams = new Set(
      Object.values(endpoints)
        .filter((endpoint) => endpoint.invalidParams === 'invalid')
        .map((endpoint) => `${endpoint.method} ${urlOf(endpoint)}`),
    );
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Answered here rather than rethrown: a socket error made by Node itself is not an `Error` of this module's
      // realm under jest, and Fastify would take a rethrown one for an answer.
      if (databaseUnreachable(error)) return sendUnavailable(reply);
      if (uploadMaxBytes && error.code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new ApiError(413, 'TOO_LARGE', fileTooLargeMessage(uploadMaxBytes));
      }
      const stale = preconditionFailed(request, error);
      if (stale) throw stale;
      const searchText = invalidParams.has(`${request.method} ${request.routeOptions.url}`);
      if (searchText && hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') throw error;
      throw resourceRequestError(error, options.notFoundMessage) ?? error;
    });
    for (const name of Object.keys(endpoints) as (keyof T & string)[]) {
      const endpoint = endpoints[name];
      const guard = accessGuard(endpoint.access, options.policy);
      const status = endpoint.status ?? 200;
      const versioned = answersVersion(endpoint);
      app.route({
        method: endpoint.method,
        url: urlOf(endpoint),
        ...(guard ? { onRequest: guard } : {}),
        ...(takesVersion(endpoint) ? { preValidation: ifMatchVersion } : {}),
        schema: {
          summary: endpoint.summary,
          ...(endpoint.params ? { params: endpoint.params } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(endpoint.body ? { body: endpoint.body } : {}),
          response: { [status]: endpoint.response },
        },
        handler: async (request, reply) => {
          const answer = await handlers[name]({
            db: app.db,
            caller: request.user as SessionUser,
            params: request.params as never,
            query: request.query as never,
            body: request.body as never,
            request,
            reply,
          });
          // A handler's own reply comes back undefined: a FastifyReply is a thenable, awaited until it has gone out.
          if (reply.sent) return reply;
          if (versioned) tagVersion(reply, answer);
          return reply.status(status).send(answer);
        },
      });
    }
  };
}

/**
 * Serializes answers with JSON.stringify; with `check`, first holds each answer to its route's response schema
 * (the API tests do, so that a drifted schema fails a test; production never turns a drift into a 500).
 */
export function responseSerializer(check: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) =>
    (data: unknown) => {
      if (check) {
        const result = (schema as z.ZodType).safeParse(data);
        if (!result.success) throw new Error(`the answer of ${method} ${url} does not match its schema: ${result.error.message}`);
      }
      return JSON.stringify(data);
    };
}

/** Sends JSON text already built (a list whose items the database made); it bypasses the serializer. */
export const sendJson = (reply: FastifyReply, text: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(text);

/** Sends a file as a download named `fileName` (RFC 5987: the names are Chinese). */
export function sendFile(reply: FastifyReply, type: string, fileName: string, file: Buffer | NodeJS.ReadableStream) {
  return reply
    .header('Content-Type', type)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(file);
}

/** Sends an xlsx as a download named `fileName`. */
export const sendXlsx = (reply: FastifyReply, fileName: string, file: Buffer | NodeJS.ReadableStream): FastifyReply =>
  sendFile(reply, XLSX_TYPE, fileName, file);
