/**
 * The OpenAPI 3.1 document of the API, built from the contract's endpoint tables (contract/api.ts): the server
 * serves it at GET /v1/docs and the mock answers the same document. Per operation: an operationId from the table's
 * names, the resource's tag, who may call it (`x-roles`), parameters with their descriptions, a JSON or multipart
 * request body, the success answer (a file with its media type) and the error answers in the one error shape.
 */
import { z } from 'zod';
import { rolesOf } from './access';
import type { ApiResource } from './api';
import { errorBodySchema } from './common';
import { answersVersion, takesVersion, type Endpoint } from './endpoint';
import { parameterDescriptions } from './parameters';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;

/**
 * A record keyed by an enum (`documents: { contract: true, … }`) comes out of zod as `required` keys with no
 * `properties`; tools read that as keys required but never defined, so each key gets the record's value schema.
 */
function withRecordKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withRecordKeys);
  if (!node || typeof node !== 'object') return node;
  const schema = Object.fromEntries(Object.entries(node).map(([name, value]) => [name, withRecordKeys(value)])) as JsonSchema;
  if (schema.required && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const value = schema.additionalProperties;
    return { ...schema, properties: Object.fromEntries(schema.required.map((key) => [key, value])) };
  }
  return schema;
}

/**
 * The named schemas of the document (`components.schemas`): a schema with a `meta({ id })` is written there once
 * and referred to (`$ref`) wherever it is used; as a request it takes the name `<id>Input` when it reads
 * otherwise (defaults make fields optional). One name for two different schemas is an error of the contract.
 */
type Components = Record<string, JsonSchema>;

const refsTo = (node: unknown, rename: (id: string) => string): unknown => {
  if (Array.isArray(node)) return node.map((item) => refsTo(item, rename));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([name, value]) =>
      name === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
        ? [name, `#/components/schemas/${rename(value.slice('#/$defs/'.length))}`]
        : [name, refsTo(value, rename)],
    ),
  );
};

/** A JSON schema without its `$schema` (the document's dialect applies), its named parts moved to `components`. */
function embedded(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const { $schema: _dialect, $defs = {}, ...rest } = jsonSchema(schema, io) as JsonSchema & { $defs?: Components };
  const outputs = io === 'input' ? ((jsonSchema(schema, 'output').$defs ?? {}) as Components) : $defs;
  const readsAlike = (id: string) => JSON.stringify($defs[id]) === JSON.stringify(outputs[id]);
  const nameOf = (id: string) => (readsAlike(id) ? id : `${id}Input`);
  for (const [id, def] of Object.entries($defs)) {
    const named = withRecordKeys(refsTo(def, nameOf)) as JsonSchema;
    const existing = components[nameOf(id)];
    if (existing && JSON.stringify(existing) !== JSON.stringify(named)) throw new Error(`two schemas are named ${nameOf(id)}`);
    components[nameOf(id)] = named;
  }
  return withRecordKeys(refsTo(rest, nameOf)) as JsonSchema;
}

const errorRef = { $ref: '#/components/schemas/ErrorBody' };
const errorAnswers: Record<string, string> = {
  '400': '查询参数有误（BAD_QUERY，fields 给出各参数的问题）',
  '401': '未登录或登录已过期（UNAUTHORIZED）',
  '403': '当前角色不能调用（FORBIDDEN）',
  '404': '记录不存在，或不属于当前用户（NOT_FOUND）',
  '409': '版本冲突或当前状态不允许（VERSION_CONFLICT 等）',
  '412': 'If-Match 的版本已不是记录的当前版本（PRECONDITION_FAILED），请重新读取',
  '413': '文件超过大小上限（TOO_LARGE）',
  '422': '数据校验失败（fields 给出各字段的问题）',
  '429': '操作过于频繁（RATE_LIMITED）',
  '503': '系统繁忙或数据库暂不可用，稍后重试（见 Retry-After）',
};

/** The error statuses a call can answer, from what it takes and who may call it. */
function errorStatuses(endpoint: Endpoint, roles: ReturnType<typeof rolesOf>): string[] {
  const statuses = ['503'];
  if (endpoint.query) statuses.push('400');
  if (roles !== 'public') statuses.push('401');
  if (Array.isArray(roles)) statuses.push('403');
  if (endpoint.params) statuses.push('404');
  if (endpoint.method !== 'GET' && roles !== 'public') statuses.push('409');
  if (takesVersion(endpoint)) statuses.push('400', '412');
  if (endpoint.upload) statuses.push('413');
  if (endpoint.body || endpoint.upload || endpoint.invalidParams === 'invalid') statuses.push('422');
  if (endpoint.rateLimited) statuses.push('429');
  return [...new Set(statuses)].sort();
}

const ifMatchParameter = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description: '记录的 ETag（GET 返回的 ETag，如 "3"），代替请求体中的 version；DELETE 带它时无需请求体。版本已变时 412',
  schema: { type: 'string', pattern: '^(W/)?"[1-9][0-9]{0,8}"$' },
};
const etagHeader = { ETag: { description: '记录的版本，写回时放在 If-Match 中', schema: { type: 'string' } } };

function parametersOf(endpoint: Endpoint, resource: ApiResource) {
  return (['params', 'query'] as const).flatMap((part) => {
    const schema = endpoint[part];
    if (!schema) return [];
    const object = jsonSchema(schema, 'input');
    return Object.entries(object.properties ?? {}).map(([name, { description, ...property }]) => ({
      name,
      in: part === 'params' ? 'path' : 'query',
      required: part === 'params' || (object.required ?? []).includes(name),
      description: description ?? (name === 'key' ? `${resource.label}编号` : (parameterDescriptions[name] ?? name)),
      schema: property,
    }));
  });
}

/** The success answer: JSON by its schema, or a file of the schema's media type. */
function successOf(endpoint: Endpoint, components: Components) {
  const schema = embedded(endpoint.response, 'output', components);
  const media = schema.contentMediaType as string | undefined;
  const content = media
    ? { [media]: { schema: { type: 'string', format: 'binary', description: schema.description } } }
    : { 'application/json': { schema } };
  const headers = answersVersion(endpoint) ? { headers: etagHeader } : {};
  return { [String(endpoint.status ?? 200)]: { description: '成功', ...headers, content } };
}

function operationOf(resource: ApiResource, name: string, endpoint: Endpoint, components: Components) {
  const roles = rolesOf(endpoint.access, resource.policy);
  const body = endpoint.upload
    ? {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary', description: '上传的文件' } },
            },
          },
        },
      }
    : endpoint.body && {
        // A DELETE whose body is only the version it holds may send If-Match instead.
        required: !(endpoint.method === 'DELETE' && takesVersion(endpoint)),
        content: { 'application/json': { schema: embedded(endpoint.body, 'input', components) } },
      };
  return {
    operationId: `${resource.tag}${name[0].toUpperCase()}${name.slice(1)}`,
    tags: [resource.tag],
    summary: endpoint.summary,
    'x-roles': roles,
    security: roles === 'public' ? [] : [{ bearer: [] }],
    parameters: [...parametersOf(endpoint, resource), ...(takesVersion(endpoint) ? [ifMatchParameter] : [])],
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...successOf(endpoint, components),
      ...Object.fromEntries(
        errorStatuses(endpoint, roles).map((status) => [
          status,
          { description: errorAnswers[status], content: { 'application/json': { schema: errorRef } } },
        ]),
      ),
    },
  };
}

export function openApiDocument(resources: readonly ApiResource[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = { ErrorBody: embedded(errorBodySchema, 'output', {}) };
  for (const resource of resources) {
    for (const [name, endpoint] of Object.entries(resource.endpoints)) {
      // The app ignores a trailing slash; the document writes each path once, without it.
      const path = endpoint.path.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}');
      paths[path] ??= {};
      paths[path][endpoint.method.toLowerCase()] = operationOf(resource, name, endpoint, components);
    }
  }
  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Shipdesk API',
      version: '1',
      description:
        'Shipdesk 出运与订舱系统的 API。登录（POST /v1/auth/login）得到令牌，之后每个请求带 `Authorization: Bearer <令牌>`。' +
        '错误统一为 `{ success: false, errorCode, errorMessage, fields? }`。',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: '提供本文档的服务' }],
    tags: resources.map((resource) => ({ name: resource.tag, description: resource.label })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '登录得到的令牌' } },
      schemas: components,
    },
    paths,
  };
}
