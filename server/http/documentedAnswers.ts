/**
 * The OpenAPI document held to what the server answers. In the API tests (checkResponses) an answer the document
 * does not describe becomes a 500 that says so: a status not listed for its operation, a media type not listed,
 * or a JSON body its documented schema refuses (a field the document does not name, which zod's own check of the
 * answer strips silently). Every test of every route then holds the document true; the fuzz checks its answers
 * the same way.
 */
import Ajv2020 from 'ajv/dist/2020';
import type { FastifyInstance } from 'fastify';
import { apiResources } from '../../contract/shared/api';
import { openApiDocument } from '../../contract/shared/openapi';

/** The document as served: each check reads the parts it needs. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, any>; responses?: Record<string, any> };
}

/** The document with each `#/components/…` reference replaced by what it names (the document has no cycles). */
export function dereferenced(document: OpenApiDocument): OpenApiDocument {
  const inline = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, seen));
    if (!node || typeof node !== 'object') return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/')) {
      if (seen.includes(ref)) throw new Error(`the document refers to ${ref} within itself`);
      const [, , part, name] = ref.split('/') as [string, string, 'schemas' | 'responses', string];
      return inline(document.components?.[part]?.[name], [...seen, ref]);
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(value, seen)]));
  };
  return inline(document, []) as OpenApiDocument;
}

export interface DocumentedOperation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
export interface Answer {
  statusCode: number;
  contentType: string;
  /** The JSON text, when the answer is JSON text (not a file). */
  body?: string;
}

/** Checks answers against a dereferenced document: each status listed for its operation, each JSON body valid. */
export function answerChecker() {
  // Formats are the contract's to check (zod); here the shape: types, required and unknown fields, enums, patterns.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, unicodeRegExp: false });
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  return function problemsOf(operation: DocumentedOperation, answer: Answer): string[] {
    const documented = operation.responses[String(answer.statusCode)];
    if (!documented) return [`status ${answer.statusCode} is not documented`];
    const type = answer.contentType.split(';')[0];
    const content = documented.content ?? {};
    const types = Object.keys(content);
    if (types.length && !types.includes(type) && !types.includes('*/*'))
      return [`${type || 'no type'} is not among ${types.join(', ')}`];
    const schema = content[type]?.schema;
    if (type !== 'application/json' || !schema || answer.body === undefined) return [];
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    if (validate(JSON.parse(answer.body))) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${error.instancePath || '(body)'} ${error.message}${'additionalProperty' in error.params ? ` ${error.params.additionalProperty}` : ''}`,
    );
  };
}

export function refuseUndocumentedAnswers(app: FastifyInstance): void {
  let operations: Map<string, DocumentedOperation> | undefined;
  const problemsOf = answerChecker();
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/v1/') || request.method === 'HEAD') return payload;
    operations ??= new Map(
      Object.entries(dereferenced(openApiDocument(apiResources) as unknown as OpenApiDocument).paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation]),
      ),
    );
    const name = `${request.method} ${route.replace(/(.)\/$/, '$1').replace(/:(\w+)/g, '{$1}')}`;
    const operation = operations.get(name);
    if (!operation) return payload;
    const body = typeof payload === 'string' ? payload : undefined;
    const contentType = String(reply.getHeader('content-type') ?? '');
    const problems = problemsOf(operation, { statusCode: reply.statusCode, contentType, body });
    if (problems.length === 0) return payload;
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({
      success: false,
      errorCode: 'UNDOCUMENTED_ANSWER',
      errorMessage: `${name} answered ${reply.statusCode} as the API document does not say (${problems.join('; ')}): ${(body ?? '').slice(0, 300)}`,
    });
  });
}
