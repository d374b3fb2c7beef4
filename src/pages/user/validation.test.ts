import { passwordStrength } from './validation';

test('password strength: above 9 strong, above 5 medium, else short', () => {
  expect(passwordStrength('')).toBe('short');
  expect(passwordStrength('12345')).toBe('short');
  expect(passwordStrength('123456')).toBe('medium');
  expect(passwordStrength('123456789')).toBe('medium');
  expect(passwordStrength('1234567890')).toBe('strong');
});
