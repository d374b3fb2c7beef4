/**
 * The part of `qs` that umi-request uses, on URLSearchParams: umi-request serialises query parameters with
 * `stringify(params, { arrayFormat: 'repeat', strictNullHandling: true })` (objects already JSON-encoded) and
 * reads a URLSearchParams back with `parse(text, { strictNullHandling: true })`. The full library and its
 * dependencies would add ~15 KB gzip to every first load; `.umirc.ts` maps `qs` here for the browser build
 * only, and `qs.test.ts` holds this module to the real library's answers.
 */
type Value = string | number | boolean | null | undefined | readonly (string | number | boolean | null | undefined)[];

function pair(key: string, value: unknown): string {
  const name = encodeURIComponent(key);
  return value === null ? name : `${name}=${encodeURIComponent(String(value))}`;
}

export function stringify(params: Record<string, Value> | null | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined) parts.push(pair(key, item));
    } else {
      parts.push(pair(key, value));
    }
  }
  return parts.join('&');
}

export function parse(text: string): Record<string, string | null | (string | null)[]> {
  const result: Record<string, string | null | (string | null)[]> = {};
  for (const part of text.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? null : decode(part.slice(eq + 1));
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

export default { parse, stringify };
