/**
 * Shapes shared by every resource of the API (DESIGN.md §4). The front end imports these with
 * `import type` only, so zod stays out of the browser bundle.
 */
import { z } from 'zod';

export const roles = ['user', 'documentClerk', 'inspector'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;
/** 角色 */
export const roleLabels: Record<Role, string> = {
  user: '客户',
  documentClerk: '单证员',
  inspector: '验针员',
};

/** The body of every error answer. `fields` names the invalid fields of a 422. */
export interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  fields?: Record<string, string>;
}

/** Paging and sorting of every list call: `?current=1&pageSize=20&sorter=field:ascend`. */
export const listQuerySchema = z.object({
  current: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  sorter: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*:(ascend|descend)$/, '排序格式应为 字段:ascend 或 字段:descend')
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** What ProTable reads. */
export interface ListResult<T> {
  data: T[];
  total: number;
  success: true;
  current: number;
  pageSize: number;
}

/** `DELETE …/?keys=k1,k2` */
export const keysQuerySchema = z.object({
  keys: z
    .string()
    .min(1)
    .transform((s) => s.split(',').map((k) => k.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(1).max(64)).min(1).max(1000)),
});
export interface DeleteResult {
  success: true;
  deleted: number;
}

/** Field formats of the specification §5, with their Chinese messages. */
export const patterns = {
  chineseName: /^[\u4e00-\u9fa5·]{2,20}$/,
  phone: /^1[3-9]\d{9}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  userName: /^[A-Za-z0-9_.-]{2,32}$/,
  captcha: /^\d{6}$/,
};

export const messages = {
  userNameRequired: '请输入用户名',
  userNameFormat: '用户名为 2–32 位字母、数字、下划线、点或横线',
  nameRequired: '请输入姓名',
  nameChinese: '姓名须为中文汉字',
  emailRequired: '请输入邮箱地址',
  emailFormat: '邮箱地址格式错误',
  phoneRequired: '请输入手机号',
  phoneFormat: '手机号格式错误',
  captchaRequired: '请输入验证码',
  captchaFormat: '验证码为 6 位数字',
  passwordRequired: '请输入密码',
  passwordMin: '密码至少 6 位，区分大小写',
  confirmRequired: '请确认密码',
  confirmMismatch: '两次输入的密码不匹配',
  roleRequired: '请选择岗位',
} as const;

export const PASSWORD_MIN = 6;
export const passwordSchema = z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired).min(PASSWORD_MIN, messages.passwordMin).max(128);
