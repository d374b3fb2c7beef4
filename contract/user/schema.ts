/** 用户: the schemas of every call and the endpoint table (routes and access in codes.ts). */
import { z } from 'zod';
import {
  deleteResultSchema,
  listQuery,
  listResultSchema,
  messages,
  passwordSchema,
  patterns,
  personRoleSchema,
} from '../shared/common';
import { defineEndpoints } from '../shared/endpoint';
import { shipmentStatisticsSchema } from '../home/schema';
import { mailPreferencesSchema } from '../mail/schema';
import { userRoutes, userStatuses } from './codes';

export * from './codes';

/** Per-list page sizes: `{ [listType]: pageSize }`. */
export const userConfigSchema = z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/), z.number().int().min(1).max(500));
export type UserConfig = z.infer<typeof userConfigSchema>;

/** 新消息通知 preferences: which notice types the user wants. */
export const notifyPreferencesSchema = z.strictObject({
  notification: z.boolean(),
  message: z.boolean(),
  event: z.boolean(),
});
export type NotifyPreferences = z.infer<typeof notifyPreferencesSchema>;

/** 客户公司: the company a customer account belongs to (its members share its records). */
export const companySchema = z.object({
  key: z.string(), // 公司编号 CO…
  name: z.string(), // 公司名称
  shortCode: z.string(), // 简称代码
});
export type Company = z.infer<typeof companySchema>;

/** GET /v1/users/current, GET /v1/users/{id or name} */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(), // 用户名
  realName: z.string(), // 姓名
  email: z.string(), // 邮箱
  phone: z.string(), // 手机号
  authority: z.array(personRoleSchema), // 角色
  status: z.enum(userStatuses),
  config: userConfigSchema,
  notifyPreferences: notifyPreferencesSchema,
  /** 邮件提醒: which to-dos also arrive by mail, and how. */
  mailPreferences: mailPreferencesSchema,
  notifyCount: z.number(), // 通知总数
  unreadCount: z.number(), // 未读数
  createdAt: z.string(),
  /** 所属公司: a customer's; null for the business unit's staff. */
  company: companySchema.nullable(),
  /** 公司管理员: invites and removes the company's members. */
  isManager: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /v1/users (documentClerk only): paging, sorter name|realName|createdAt|status, filters. */
export const userSortFields = ['name', 'realName', 'createdAt', 'status'] as const;
export const userListQuerySchema = listQuery(userSortFields).extend({
  name: z.string().max(64).optional(), // 用户名或姓名 (contains)
  status: z.enum(userStatuses).optional(),
  role: personRoleSchema.optional(),
});

/** PATCH /v1/users/{id}: a user changes only their own profile and config. */
export const userPatchSchema = z.strictObject({
  realName: z.string().regex(patterns.chineseName, messages.nameChinese).optional(),
  email: z.string().max(254).regex(patterns.email, messages.emailFormat).optional(),
  phone: z.string().regex(patterns.phone, messages.phoneFormat).optional(),
  config: userConfigSchema.optional(),
  notifyPreferences: notifyPreferencesSchema.optional(),
  mailPreferences: mailPreferencesSchema.optional(),
});
export type UserPatch = z.infer<typeof userPatchSchema>;

/** POST /v1/users/current/password: the other sessions are signed out. */
export const passwordChangeSchema = z.strictObject({
  oldPassword: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
  password: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
/** `revoked`: how many other sessions were signed out. A wrong old password is a 422 on `oldPassword`. */
export const passwordChangeResultSchema = z.object({ success: z.literal(true), revoked: z.number() });
export type PasswordChangeResult = z.infer<typeof passwordChangeResultSchema>;

const idOrName = z.strictObject({ idOrName: z.string().min(1).max(64) });

export const userEndpoints = defineEndpoints(userRoutes, {
  list: { summary: '用户列表', access: ['documentClerk'], query: userListQuerySchema, response: listResultSchema(userSchema) },
  current: { summary: '当前用户', access: 'read', response: userSchema },
  get: { summary: '用户详情（本人或单证员）', access: 'read', params: idOrName, response: userSchema },
  patch: {
    summary: '修改本人资料、列表设置、通知偏好、邮件提醒',
    access: 'write',
    params: idOrName,
    body: userPatchSchema,
    response: userSchema,
  },
  changePassword: {
    rateLimited: true,
    summary: '修改密码（其他会话退出）',
    access: 'write',
    body: passwordChangeSchema,
    response: passwordChangeResultSchema,
  },
  signOutOthers: { summary: '退出其他设备的登录', access: 'write', response: deleteResultSchema },
  statistics: { summary: '出运首页的统计（按角色）', access: 'read', response: shipmentStatisticsSchema },
});
