/** 客户公司 API: the members of the caller's company, and a member removed by the manager. Codes in codes.ts. */
import { z } from 'zod';
import { deleteResultSchema, listResultSchema, messages, pageQuery, patterns } from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { companySchema, userStatuses } from '../user/schema';
import { companyRoutes, DIRECTORY_PAGE_SIZE, directoryRoles, INVITATION_TTL_DAYS, MAX_OPEN_INVITATIONS } from './codes';

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

/** An invitation the manager sent; open until accepted, revoked or expired. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(), // 邮箱
  invitedBy: z.string(), // 邀请人
  createdAt: z.string(), // 邀请时间
  expiresAt: z.string(), // 有效期至
});
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /v1/company/invitations: a colleague's e-mail; the link is mailed there. */
export const inviteBodySchema = z.strictObject({
  email: z
    .string({ error: messages.emailRequired })
    .trim()
    .min(1, messages.emailRequired)
    .max(254, messages.emailFormat)
    .regex(patterns.email, messages.emailFormat),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

/** GET /v1/companies: the 客户公司 filter's options, by name; `q` narrows to a name or short code containing it. */
export const directoryQuerySchema = pageQuery(DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE).extend({
  q: z.string().trim().max(64, '公司名称过长').optional().describe('公司名称或简称代码（包含，不区分大小写）'),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

export const companyEndpoints = defineEndpoints(companyRoutes, {
  members: { summary: '我的公司成员', access: 'read', response: listResultSchema(memberSchema) },
  removeMember: {
    summary: '移除公司成员（公司管理员；其登录与 API 令牌立即失效）',
    access: 'write',
    params: idParams,
    response: deleteResultSchema,
  },
  invitations: { summary: '未接受的邀请', access: 'read', response: listResultSchema(invitationSchema) },
  invite: {
    summary: `邀请同事（公司管理员；邮件链接 ${INVITATION_TTL_DAYS} 天内有效，最多 ${MAX_OPEN_INVITATIONS} 个未接受）`,
    access: 'write',
    body: inviteBodySchema,
    response: invitationSchema,
    status: 201,
  },
  revokeInvitation: {
    summary: '撤回邀请（公司管理员；链接随即失效）',
    access: 'write',
    params: idParams,
    response: deleteResultSchema,
  },
  directory: {
    summary: '客户公司列表（业务单位员工的客户公司筛选）',
    access: directoryRoles,
    query: directoryQuerySchema,
    response: listResultSchema(companySchema),
  },
});
