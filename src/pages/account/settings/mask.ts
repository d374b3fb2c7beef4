/**
 * Contact details as the security section shows them: enough to recognise one's own, not enough for someone
 * looking over the shoulder to read.
 */

/** 13800000000 → 138****0000; a value too short to keep both ends is hidden whole. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length < 8) return '****';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** abc@x.com → a***@x.com: the first character of the local part and the whole domain. */
export function maskEmail(email: string): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 1) return `${email[0]}***`;
  return `${email[0]}***${email.slice(at)}`;
}
