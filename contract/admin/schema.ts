/**
 * 系统管理 API: every person's account with its company, status and last sign-in; activation or refusal of a
 * pending registration, disable / enable, a change of role, a password reset by mail, and the sign-in history.
 * Codes in codes.ts.
 */
import { z } from 'zod';
import { listQuery, listResultSchema, personRoleSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { companySchema } from '../user/schema';
import { userStatuses } from '../user/codes';
import { adminMessages, adminRoutes, signInOutcomes } from './codes';

export * from './codes';

export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(), // 用户名
  realName: z.string(), // 姓名
  email: z.string(), // 邮箱
  phone: z.string(), // 手机号
  role: personRoleSchema, // 岗位
  status: z.enum(userStatuses), // 状态
  company: companySchema.nullable(), // 客户公司
  isManager: z.boolean(), // 公司管理员
  createdAt: z.string(), // 注册时间
  lastSignInAt: z.string().nullable(), // 最近登录
  version: z.number().int(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const accountSortFields = ['name', 'createdAt', 'status', 'lastSignInAt'] as const;
/** GET /v1/admin/accounts: paging, filters; pending registrations first unless sorted otherwise. */
export const accountListQuerySchema = listQuery(accountSortFields).extend({
  keyword: z.string().trim().max(64, '关键字过长').optional().describe('用户名、姓名或邮箱（包含）'),
  status: z.enum(userStatuses).optional(),
  role: personRoleSchema.optional(),
  company: z.string().trim().max(64, '公司名称过长').optional().describe('客户公司名称或简称代码（包含）'),
});
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

/**
 * PATCH /v1/admin/accounts/{id}: `status` active (activate a pending one, enable a disabled one) or disabled (refuse
 * a pending one, disable), and/or `role`; `version` is the account's as shown (409 when it changed meanwhile).
 */
export const accountPatchSchema = z
  .strictObject({
    status: z.enum(['active', 'disabled']).optional(),
    role: personRoleSchema.optional(),
    version: z.number({ error: '缺少版本号' }).int().min(1),
  })
  .refine((body) => body.status !== undefined || body.role !== undefined, {
    message: adminMessages.nothingToChange,
    path: ['status'],
  });
export type AccountPatch = z.infer<typeof accountPatchSchema>;

export const signInSchema = z.object({
  at: z.string(), // 时间
  address: z.string(), // 地址
  outcome: z.enum(signInOutcomes), // 结果
});
export type SignIn = z.infer<typeof signInSchema>;

export const signInQuerySchema = listQuery([]);

// An account's id (a UUID on the server, a number in the mock); one that names no account is a 404.
const idParams = z.strictObject({ id: z.string().regex(/^[0-9a-f-]{1,36}$/i, adminMessages.noAccount) });
const messageResultSchema = z.object({ success: z.literal(true), message: z.string() });

export const adminEndpoints = defineEndpoints(adminRoutes, {
  accounts: {
    summary: '账号列表（系统管理员）',
    access: 'read',
    query: accountListQuerySchema,
    response: listResultSchema(adminAccountSchema),
  },
  account: { summary: '账号详情', access: 'read', params: idParams, response: adminAccountSchema },
  patchAccount: {
    summary: '激活 / 拒绝 / 停用 / 启用账号，或更改岗位（最后一位系统管理员不能停用）',
    access: 'write',
    params: idParams,
    body: accountPatchSchema,
    response: adminAccountSchema,
    alsoAnswers: [409],
  },
  mailPasswordReset: {
    summary: '发送重置密码邮件',
    access: 'write',
    params: idParams,
    response: messageResultSchema,
  },
  signIns: {
    summary: '登录记录（最近的在前）',
    access: 'read',
    params: idParams,
    query: signInQuerySchema,
    response: listResultSchema(signInSchema),
  },
});
