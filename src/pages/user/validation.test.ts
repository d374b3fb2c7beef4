import { CAPTCHA_RESEND_SECONDS as contractResend } from '@contract/auth';
import { messages as contractMessages, patterns as contractPatterns, PASSWORD_MIN as contractMin } from '@contract/common';
import { CAPTCHA_RESEND_SECONDS, messages, PASSWORD_MIN, passwordStrength, patterns } from './validation';

test('the forms use the contract rules word for word', () => {
  expect(messages).toEqual(contractMessages);
  expect(Object.keys(patterns).sort()).toEqual(Object.keys(contractPatterns).sort());
  for (const key of Object.keys(contractPatterns) as (keyof typeof contractPatterns)[]) {
    expect(patterns[key].source).toBe(contractPatterns[key].source);
    expect(patterns[key].flags).toBe(contractPatterns[key].flags);
  }
  expect(PASSWORD_MIN).toBe(contractMin);
  expect(CAPTCHA_RESEND_SECONDS).toBe(contractResend);
});

test('password strength: above 9 strong, above 5 medium, else short', () => {
  expect(passwordStrength('')).toBe('short');
  expect(passwordStrength('12345')).toBe('short');
  expect(passwordStrength('123456')).toBe('medium');
  expect(passwordStrength('123456789')).toBe('medium');
  expect(passwordStrength('1234567890')).toBe('strong');
});
