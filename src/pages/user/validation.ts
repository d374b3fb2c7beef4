/** The account forms' rules, built from the contract's zod-free formats so they say what the server checks. */
import { messages, PASSWORD_MIN, patterns } from '@contract/shared/formats';
import type { Rule } from 'antd/es/form';

export { CAPTCHA_RESEND_SECONDS, messages, PASSWORD_MIN, patterns } from '@contract/shared/formats';

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
      !value || value === getFieldValue(passwordField) ? Promise.resolve() : Promise.reject(new Error(messages.confirmMismatch)),
  }),
];

export type PasswordStrength = 'strong' | 'medium' | 'short';

/** 强 above 9 characters, 中 above 5, otherwise 太短. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length > 9) return 'strong';
  if (password.length > 5) return 'medium';
  return 'short';
}
