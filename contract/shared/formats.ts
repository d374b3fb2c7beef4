/**
 * Roles, field formats, messages and limits of the account forms (specification §5, §9), without zod: the
 * browser's forms import this module at run time, the contract's schemas build on it, so both say the same.
 */
/** The roles one registers for: customers and the business unit's staff. */
export const roles = ['user', 'documentClerk', 'inspector'] as const;
/**
 * 系统管理员: administers the accounts (/admin/accounts) and nothing of the business. Nobody registers as one: the first is
 * made by `npm run admin -- user:create --role admin`, others by an administrator changing an account's role.
 */
export const adminRole = 'admin';
/** The people's roles: who signs in. */
export const personRoles = [...roles, adminRole] as const;
/**
 * A machine's role: a carrier's or terminal's system that pushes Track & Trace events with a token made by
 * `npm run admin -- system:token`. It never signs in, and reaches only the routes that name it.
 */
export const systemRole = 'system';
export type PersonRole = (typeof personRoles)[number];
export type Role = PersonRole | typeof systemRole;
export const isPersonRole = (role: Role): role is PersonRole => role !== systemRole;
/** 角色 */
export const roleLabels: Record<Role, string> = {
  user: '客户',
  documentClerk: '单证员',
  inspector: '验针员',
  admin: '系统管理员',
  system: '系统对接（承运人/码头）',
};

/** Field formats of the specification §5. */
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
/** An SMS code is valid 5 minutes; another may be asked for after 60 s. */
export const CAPTCHA_TTL_SECONDS = 300;
export const CAPTCHA_RESEND_SECONDS = 60;
/** The activation e-mail's link is valid 24 hours. */
export const ACTIVATION_TTL_HOURS = 24;

/** The refusal of an uploaded file over `maxBytes` (413), as the server, the mock and the import dialog say it. */
export const fileTooLargeMessage = (maxBytes: number) => `文件超过 ${maxBytes / 1024 / 1024} MB`;
