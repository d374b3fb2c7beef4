import { maskEmail, maskPhone } from './mask';

test.each([
  ['13800000000', '138****0000'],
  ['13912345678', '139****5678'],
  ['1234567', '****'],
  ['', ''],
])('maskPhone(%p) → %p', (phone, shown) => {
  expect(maskPhone(phone)).toBe(shown);
});

test.each([
  ['a@x.com', 'a***@x.com'],
  ['wang.xiaoming@example.com', 'w***@example.com'],
  ['"a@b"@x.com', '"***@x.com'],
  ['nobody', 'n***'],
  ['', ''],
])('maskEmail(%p) → %p', (email, shown) => {
  expect(maskEmail(email)).toBe(shown);
});

test('the masked phone hides the middle digits', () => {
  expect(maskPhone('13812345678')).not.toContain('1234');
});
