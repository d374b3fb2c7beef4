/**
 * The account forms' rules, the same as contract/common.ts and contract/auth.ts (whose values would bring
 * zod into the browser bundle). The types make the messages match the contract word for word; the test
 * beside this file checks the patterns and numbers.
 */
import type { CAPTCHA_RESEND_SECONDS as ContractResend } from '@contract/auth';
import type { messages as contractMessages, PASSWORD_MIN as ContractPasswordMin } from '@contract/common';
import type { Rule } from 'antd/es/form';

export const messages: typeof contractMessages = {
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
};

export const patterns = {
  chineseName: /^[\u4e00-\u9fa5·]{2,20}$/,
  phone: /^1[3-9]\d{9}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  userName: /^[A-Za-z0-9_.-]{2,32}$/,
  captcha: /^\d{6}$/,
};

export const PASSWORD_MIN: typeof ContractPasswordMin = 6;
/** Seconds before another SMS code may be asked for. */
export const CAPTCHA_RESEND_SECONDS: typeof ContractResend = 60;

export const rules = {
  userName: [
    { required: true, message: messages.userNameRequired },
    { pattern: patterns.userName, message: messages.userNameFormat },
  ],
  realName: [
    { required: true, message: messages.nameRequired },
    { pattern: patterns.chineseName, message: messages.nameChinese },
  ],
  email: [
    { required: true, message: messages.emailRequired },
    { pattern: patterns.email, message: messages.emailFormat },
  ],
  mobile: [
    { required: true, message: messages.phoneRequired },
    { pattern: patterns.phone, message: messages.phoneFormat },
  ],
  captcha: [
    { required: true, message: messages.captchaRequired },
    { pattern: patterns.captcha, message: messages.captchaFormat },
  ],
  password: [
    { required: true, message: messages.passwordRequired },
    { min: PASSWORD_MIN, message: messages.passwordMin },
  ],
  role: [{ required: true, message: messages.roleRequired }],
} satisfies Record<string, Rule[]>;

/** The confirm field's rules: required, and equal to the field `passwordField`. */
export const confirmRules = (passwordField = 'password'): Rule[] => [
  { required: true, message: messages.confirmRequired },
  ({ getFieldValue }) => ({
    validator: (_, value) =>
      !value || value === getFieldValue(passwordField)
        ? Promise.resolve()
        : Promise.reject(new Error(messages.confirmMismatch)),
  }),
];

export type PasswordStrength = 'strong' | 'medium' | 'short';

/** 强 above 9 characters, 中 above 5, otherwise 太短. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length > 9) return 'strong';
  if (password.length > 5) return 'medium';
  return 'short';
}
