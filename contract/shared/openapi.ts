/**
 * The OpenAPI 3.1 document of the API, built from the contract's endpoint tables (contract/shared/api.ts): the server
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
import examples from './apiExamples.json';
import './schemaNames';
import { SIGNATURE_HEADER } from '../webhook/codes';
import { webhookNotificationSchema } from '../webhook/schema';

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
/** The error answers, each written once under `components.responses` and referred to by the operations. */
const errorAnswers: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: '请求有误：查询参数（BAD_QUERY，fields 给出各参数的问题）、If-Match 或 JSON 格式' },
  '401': { name: 'Unauthorized', description: '未登录、登录已过期或令牌无效（UNAUTHORIZED）' },
  '403': { name: 'Forbidden', description: '当前角色或令牌不能调用，或无权访问该记录（FORBIDDEN）' },
  '404': { name: 'NotFound', description: '记录（或请求中引用的记录、链接）不存在，或不属于当前用户（NOT_FOUND 等）' },
  '409': { name: 'Conflict', description: '版本冲突或当前状态不允许（VERSION_CONFLICT 等）' },
  '412': { name: 'PreconditionFailed', description: 'If-Match 的版本已不是记录的当前版本（PRECONDITION_FAILED），请重新读取' },
  '413': { name: 'TooLarge', description: '请求体或文件超过大小上限（TOO_LARGE）' },
  '414': { name: 'UriTooLong', description: '请求地址过长（URI_TOO_LONG）' },
  '415': { name: 'UnsupportedMediaType', description: '请求体类型不支持：应为 application/json，上传为 multipart/form-data' },
  '422': { name: 'Invalid', description: '数据校验失败（fields 给出各字段的问题；导入时 rows 给出各行的问题）' },
  '429': { name: 'TooManyRequests', description: '操作过于频繁（RATE_LIMITED）' },
  '431': { name: 'HeadersTooLarge', description: '请求头或网址过长' },
  '503': { name: 'Unavailable', description: '系统繁忙或数据库暂不可用，稍后重试（见 Retry-After）' },
};
const errorResponses = Object.fromEntries(
  Object.values(errorAnswers).map(({ name, description }) => [
    name,
    { description, content: { 'application/json': { schema: errorRef } } },
  ]),
);

/** The error statuses a call can answer, from what it takes, who may call it and what it says of itself. */
function errorStatuses(endpoint: Endpoint, roles: ReturnType<typeof rolesOf>): string[] {
  // Any call's address may be too long, its query hostile (a control character), its headers too large.
  const statuses = ['400', '414', '431', '503'];
  const sends = endpoint.body || endpoint.upload;
  // A body, wanted or not, is read on every call but a GET: malformed, too large, of another type, or hostile.
  if (endpoint.method !== 'GET') statuses.push('413', '415', '422');
  if (roles !== 'public') statuses.push('401', '403');
  if (endpoint.params || endpoint.query || sends) statuses.push('404');
  if (endpoint.method !== 'GET' && roles !== 'public') statuses.push('409');
  if (takesVersion(endpoint)) statuses.push('412');
  if (sends || endpoint.invalidParams === 'invalid') statuses.push('422');
  if (endpoint.rateLimited) statuses.push('429');
  statuses.push(...(endpoint.alsoAnswers ?? []).map(String));
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

/** A body whose `version` If-Match may carry instead: the field is not required by the document (one of them is). */
function versionByIfMatch(schema: JsonSchema): JsonSchema {
  const members = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (members) return { ...schema, [schema.anyOf ? 'anyOf' : 'oneOf']: members.map(versionByIfMatch) };
  if (!schema.properties?.version) return schema;
  const { version, ...others } = schema.properties;
  return {
    ...schema,
    properties: { ...others, version: { ...version, description: '读取时的版本；或不写它，在 If-Match 中给出 ETag' } },
    required: (schema.required ?? []).filter((field) => field !== 'version'),
  };
}

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

/** A schema by name: a record's own (`PackingLine`), or the operation's (`PackingListResponse`) written there. */
function named(schema: JsonSchema, name: string, components: Components): JsonSchema {
  if (typeof schema.$ref === 'string') return schema;
  components[name] = schema;
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * Examples taken from the demo (`npm run docs:examples` writes contract/shared/apiExamples.json), each valid by its schema
 * (server/http/docs.test.ts checks), by operation: `GET /v1/bol/{key}`.
 */
const exampleOf = (operation: string, part: 'request' | 'response') => {
  const example = (examples as Record<string, { request?: unknown; response?: unknown }>)[operation]?.[part];
  return example === undefined ? {} : { example };
};

/** The success answer: JSON by its schema, or a file of the schema's media type. */
function successOf(endpoint: Endpoint, operationId: string, components: Components) {
  const schema = embedded(endpoint.response, 'output', components);
  const media = schema.contentMediaType as string | undefined;
  const content = media
    ? Object.fromEntries(
        // A call that sends files of several kinds names them all: `text/javascript, text/css`.
        media
          .split(', ')
          .map((type) => [type, { schema: { type: 'string', format: 'binary', description: schema.description } }]),
      )
    : {
        'application/json': {
          schema: named(schema, `${operationId}Response`, components),
          ...exampleOf(`${endpoint.method} ${documentPath(endpoint)}`, 'response'),
        },
      };
  const headers = answersVersion(endpoint) ? { headers: etagHeader } : {};
  return { [String(endpoint.status ?? 200)]: { description: '成功', ...headers, content } };
}

function operationOf(resource: ApiResource, name: string, endpoint: Endpoint, components: Components) {
  const roles = rolesOf(endpoint.access, resource.policy);
  const operationId = `${resource.tag}${name[0].toUpperCase()}${name.slice(1)}`;
  const typeName = `${operationId[0].toUpperCase()}${operationId.slice(1)}`;
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
        content: {
          'application/json': {
            schema: named(
              takesVersion(endpoint)
                ? versionByIfMatch(embedded(endpoint.body, 'input', components))
                : embedded(endpoint.body, 'input', components),
              `${typeName}Request`,
              components,
            ),
            ...exampleOf(`${endpoint.method} ${documentPath(endpoint)}`, 'request'),
          },
        },
      };
  return {
    operationId,
    tags: [resource.tag],
    summary: endpoint.summary,
    'x-roles': roles,
    security: roles === 'public' ? [] : [{ bearer: [] }],
    parameters: [...parametersOf(endpoint, resource), ...(takesVersion(endpoint) ? [ifMatchParameter] : [])],
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...successOf(endpoint, typeName, components),
      ...Object.fromEntries(
        errorStatuses(endpoint, roles).map((status) => [status, { $ref: `#/components/responses/${errorAnswers[status].name}` }]),
      ),
    },
  };
}

/** The app ignores a trailing slash; the document writes each path once, without it, `{key}` for `:key`. */
const documentPath = (endpoint: Endpoint) => endpoint.path.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}');

export function openApiDocument(resources: readonly ApiResource[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = { ErrorBody: embedded(errorBodySchema, 'output', {}) };
  for (const resource of resources) {
    for (const [name, endpoint] of Object.entries(resource.endpoints)) {
      const path = documentPath(endpoint);
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
        '错误统一为 `{ success: false, errorCode, errorMessage, fields? }`。' +
        '贵司系统接入（API 令牌、分页、版本与 If-Match、Webhook 推送与验签、生成客户端）见 [集成指南](/v1/docs/integration)。',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: '提供本文档的服务' }],
    tags: resources.map((resource) => ({ name: resource.tag, description: resource.label })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '登录得到的令牌' } },
      schemas: components,
      responses: errorResponses,
    },
    paths,
    webhooks: webhooksOf(components),
  };
}

/** What a subscription's callback receives (OpenAPI 3.1 `webhooks`): the event list, signed. */
function webhooksOf(components: Components) {
  return {
    shipdeskEvent: {
      post: {
        operationId: 'webhookDelivery',
        summary: 'Webhook 推送：订阅的事件 POST 到回调地址',
        // Shipdesk calls the subscriber: the signature, not a bearer token, says who sent it.
        security: [],
        parameters: [
          {
            name: SIGNATURE_HEADER,
            in: 'header',
            required: true,
            description: '`sha256=` 加请求体原始字节以订阅密钥计算的 HMAC-SHA256（十六进制）；接收方算出后比对',
            schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
          },
          {
            name: 'Shipdesk-Delivery',
            in: 'header',
            required: true,
            description: '本次推送的编号：重试时不变，接收方据此去重',
            schema: { type: 'string', format: 'uuid' },
          },
          { name: 'Shipdesk-Event-Type', in: 'header', required: true, description: '事件类型', schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: embedded(webhookNotificationSchema, 'output', components) } },
        },
        responses: {
          '2XX': { description: '已收到；其他状态或 10 秒无应答视为失败，24 小时内重试' },
        },
      },
    },
  };
}
