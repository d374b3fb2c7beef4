/**
 * One defence at the edge for every route, before any schema or query sees the request: control characters
 * (a NUL cannot even be stored in a PostgreSQL text) and bodies nested deeper than any contract shape.
 * Runs at preValidation, after the role guards (a caller without the role still learns nothing).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

/** C0 controls and DEL, tab, line feed and carriage return included: query strings, path parameters, object keys. */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
/** In body strings a tab or a line break is text (a remark may span lines); the other controls are not. */
const BODY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** No contract shape is nested deeper than this; a deeper body is refused before a validator recurses into it. */
const MAX_BODY_DEPTH = 16;

const CONTROL_MESSAGE = '不能包含控制字符';

interface Finding {
  path: string;
  message: string;
}

/** The first place in `value` with a control character or nested too deep, walked without recursion. */
function findHostile(value: unknown, strings: RegExp): Finding | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: item, path } = stack.pop() as (typeof stack)[number];
    if (typeof item === 'string') {
      if (strings.test(item)) return { path: path.join('.') || '_', message: CONTROL_MESSAGE };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_BODY_DEPTH) return { path: path.join('.'), message: `嵌套超过 ${MAX_BODY_DEPTH} 层` };
    for (const [key, child] of Object.entries(item)) {
      if (ANY_CONTROL.test(key)) return { path: [...path, '_key'].join('.'), message: `字段名${CONTROL_MESSAGE}` };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

function refuseHostile(request: FastifyRequest) {
  for (const part of ['params', 'query'] as const) {
    const found = findHostile(request[part], ANY_CONTROL);
    if (found) throw new ApiError(400, 'BAD_REQUEST', `${found.path}：${found.message}`, { [found.path]: found.message });
  }
  const found = findHostile(request.body, BODY_CONTROL);
  if (found) throw new ApiError(422, 'VALIDATION_FAILED', `${found.path}：${found.message}`, { [found.path]: found.message });
}

export function registerHostileInputDefence(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => refuseHostile(request));
}
