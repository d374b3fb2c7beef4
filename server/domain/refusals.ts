/**
 * The domain's refusals, as `RuleError`s (contract/shared/ruleError.ts): the status and code the API answers with, mapped to
 * the error shape in one place at the edge (server/http/errors.ts). Domain code never imports server/http.
 */
import { RuleError } from '../../contract/shared/ruleError';

export const forbidden = (message = '没有权限执行此操作') => new RuleError(403, 'FORBIDDEN', message);
export const notFound = (message = '记录不存在') => new RuleError(404, 'NOT_FOUND', message);
export const conflict = (code: string, message: string) => new RuleError(409, code, message);
export const invalid = (fields: Record<string, string>, message = Object.values(fields)[0] ?? '输入有误') =>
  new RuleError(422, 'VALIDATION_FAILED', message, fields);
export const tooManyRequests = (message = '操作过于频繁，请稍后再试') => new RuleError(429, 'RATE_LIMITED', message);
