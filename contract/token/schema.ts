/** API 令牌 API: make one (its secret answered once), list one's own, revoke one. Codes in codes.ts. */
import { z } from 'zod';
import { deleteResultSchema, listResultSchema, singleLine } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { tokenLimits, tokenRoutes, tokenScopes } from './codes';

export * from './codes';

export const tokenCreateSchema = z.strictObject({
  name: singleLine('名称不能包含控制字符或换行', '请填写令牌名称')
    .min(1, '请填写令牌名称')
    .max(tokenLimits.nameMax, `名称最多 ${tokenLimits.nameMax} 个字符`),
  scope: z.enum(tokenScopes, { error: '权限应为只读或读写' }),
  expiresInDays: z
    .number({ error: '有效期应为天数' })
    .int('有效期应为整天数')
    .min(1, '有效期至少 1 天')
    .max(tokenLimits.maxDays, `有效期最多 ${tokenLimits.maxDays} 天`),
});
export type TokenCreate = z.input<typeof tokenCreateSchema>;

export const tokenSchema = z.object({
  /** The first 16 hex digits of its SHA-256: names it for revoking, reveals nothing of it. */
  id: z.string(),
  name: z.string(),
  scope: z.enum(tokenScopes),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** When it was last used, to the hour (the check writes at most once an hour). */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof tokenSchema>;

const idParams = z.strictObject({ id: z.string().regex(/^[0-9a-f]{16}$/, '令牌编号有误') });

export const tokenEndpoints = defineEndpoints(tokenRoutes, {
  list: { summary: '我的 API 令牌', access: 'read', response: listResultSchema(tokenSchema) },
  create: {
    summary: '新建 API 令牌（令牌只在此时返回一次）',
    access: 'write',
    body: tokenCreateSchema,
    response: tokenSchema.extend({ token: z.string() }),
    status: 201,
  },
  revoke: { summary: '撤销 API 令牌（立即失效）', access: 'write', params: idParams, response: deleteResultSchema },
});
