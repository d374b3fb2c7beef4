/** 客户公司 API: the members of the caller's company, and a member removed by the manager. Codes in codes.ts. */
import { z } from 'zod';
import { deleteResultSchema, listResultSchema } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { userStatuses } from '../user/schema';
import { companyRoutes } from './codes';

export * from './codes';

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(), // 用户名
  realName: z.string(), // 姓名
  email: z.string(), // 邮箱
  isManager: z.boolean(), // 公司管理员
  status: z.enum(userStatuses), // 状态
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

// An account's id (a UUID on the server, a number in the mock); one that names no member is a 404.
const idParams = z.strictObject({ id: z.string().regex(/^[0-9a-f-]{1,36}$/i, '成员编号有误') });

export const companyEndpoints = defineEndpoints(companyRoutes, {
  members: { summary: '我的公司成员', access: 'read', response: listResultSchema(memberSchema) },
  removeMember: {
    summary: '移除公司成员（公司管理员；其登录与 API 令牌立即失效）',
    access: 'write',
    params: idParams,
    response: deleteResultSchema,
  },
});
