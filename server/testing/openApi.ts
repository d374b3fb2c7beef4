/**
 * Reading the served OpenAPI document in tests: with every `$ref` to a component replaced by the component (the
 * fuzz reads a body's property names off it), and answers held to what the document says of their operation.
 */
import Ajv2020 from 'ajv/dist/2020';

type Node = unknown;
/** The document as served: each test reads the parts it checks. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, any>; responses?: Record<string, any> };
}

/** The document with each `#/components/…` reference replaced by what it names (the document has no cycles). */
export function dereferenced(document: OpenApiDocument): OpenApiDocument {
  const inline = (node: Node, seen: readonly string[]): Node => {
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

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}
interface DocumentedOperation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/** Checks answers against a dereferenced document: each status listed for its operation, each JSON body valid. */
export function answerChecker() {
  // Formats are the contract's to check (zod); here the shape: types, required fields, enums, patterns.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, unicodeRegExp: false, allErrors: false });
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  return function problemsOf(operation: DocumentedOperation, answer: Answer): string[] {
    const documented = operation.responses[String(answer.statusCode)];
    if (!documented) return [`status ${answer.statusCode} is not documented`];
    const type = String(answer.headers['content-type'] ?? '').split(';')[0];
    const content = documented.content ?? {};
    if (!(type in content)) return Object.keys(content).length ? [`${type} is not among ${Object.keys(content).join(', ')}`] : [];
    const schema = content[type].schema;
    if (type !== 'application/json' || !schema) return [];
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
    if (validate(JSON.parse(answer.body))) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message}`);
  };
}
