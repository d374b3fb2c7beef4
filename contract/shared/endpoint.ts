/**
 * The endpoint table of a resource: each call's method and path (zod-free, so the browser's services and the
 * mock build their URLs from it at run time) and, in the resource's zod file, its schemas (params, query, body,
 * response) and who may call it. The server registers its routes from the table, the OpenAPI document shows every
 * schema, services type their calls with it, and the mock keys its handlers on it.
 */
import type { z } from 'zod';
import type { Role } from './formats';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call's method and path, `:name` for a path parameter (`/v1/inspection/:key`). */
export interface Route {
  method: HttpMethod;
  path: string;
}

/**
 * Who may call: the resource policy's readers or writers (the guard runs before the body is read), a list of
 * roles, or `public`.
 */
export type EndpointAccess = 'read' | 'write' | 'public' | readonly Role[];

export interface EndpointSchemas {
  summary: string;
  access: EndpointAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * What a path parameter that does not fit answers: `notFound` (a key: 404 like a missing row, the default) or
   * `invalid` (a search text: 422 with `fields`).
   */
  invalidParams?: 'notFound' | 'invalid';
  /** The status of a success; 200 unless said. */
  status?: 200 | 201;
  /** The call sends a file: a multipart form with one field `file` (its size limit is the route's). */
  upload?: true;
  /** Repeated calls are counted and refused with 429 past a limit (sign-in, codes, passwords). */
  rateLimited?: true;
  /** Refusals the call gives besides those its shape implies (a read refused in a state: 409). */
  alsoAnswers?: readonly (403 | 404 | 409 | 422)[];
}

export type Endpoint = Route & EndpointSchemas;

/** Joins a resource's routes with their schemas, name by name. */
export function defineEndpoints<R extends Record<string, Route>, S extends { [K in keyof R]: EndpointSchemas }>(
  routes: R,
  schemas: S,
): { [K in keyof R]: R[K] & S[K] } {
  return Object.fromEntries(Object.keys(routes).map((name) => [name, { ...routes[name], ...schemas[name] }])) as {
    [K in keyof R]: R[K] & S[K];
  };
}

/** What a call of the endpoint answers (the response schema's output). */
export type ResponseOf<E extends { response: z.ZodType }> = z.output<E['response']>;
/** What the client sends as the endpoint's body (the body schema's input). */
export type BodyOf<E extends { body?: z.ZodType }> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** The endpoint's query as the client writes it. */
export type QueryOf<E extends { query?: z.ZodType }> = E['query'] extends z.ZodType ? z.input<E['query']> : never;

/** The route's path with its parameters filled in, each URL-encoded: `/v1/inspection/:key` → `/v1/inspection/NI1`. */
export function pathOf(route: Route, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${route.path}`);
    return encodeURIComponent(value);
  });
}

const hasVersion = (schema: z.ZodType | undefined) =>
  !!(schema as { shape?: Record<string, unknown> } | undefined)?.shape?.version;

/** A write that holds the version the client read (its body's `version`): HTTP's `If-Match` may carry it instead. */
export const takesVersion = (endpoint: Endpoint) => endpoint.method !== 'GET' && hasVersion(endpoint.body);

/** A read of one versioned record (its answer's `version`): answered with an `ETag` of it. */
export const answersVersion = (endpoint: Endpoint) => endpoint.method === 'GET' && hasVersion(endpoint.response);

/** The version an `If-Match` names: `"3"` or `W/"3"` (one ETag, as this API gives them); undefined otherwise. */
export function versionOfIfMatch(header: string): number | undefined {
  const match = /^\s*(?:W\/)?"([1-9]\d{0,8})"\s*$/.exec(header);
  return match ? Number(match[1]) : undefined;
}

/** The ETag of a record's version. */
export const etagOf = (version: number) => `"${version}"`;
