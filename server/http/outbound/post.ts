/**
 * A signed POST to an address a customer gave: the body's HMAC-SHA256 in a header (as DCSA's subscriptions sign),
 * sent to the address checked at this call (addresses.ts), each redirect checked as the first, within a timeout. It
 * answers what the receiver said or why nothing was said, in the words a customer's page shows; it never throws.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { BlockList } from 'node:net';
import { checkedAddress, pinnedLookup, RefusedAddress, type Address, type Resolve } from './addresses';

export interface SignedPost {
  body: string;
  headers: Record<string, string>;
  /** The header the signature goes in, and the secret it is made with. */
  signature: { header: string; prefix: string; secret: string };
}

export interface PostOptions {
  allowed: BlockList;
  resolve?: Resolve;
  /** How long a receiver may take to answer. */
  timeoutMs: number;
  redirectsMax: number;
}

/** What came of a POST: the receiver's status, and what went wrong (null on a 2xx). */
export interface PostOutcome {
  status: number | null;
  error: string | null;
}

/** The signature of a body: what a receiver computes with the secret and compares. */
const signatureOf = (prefix: string, secret: string, body: string) =>
  `${prefix}${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;

function post(url: URL, address: Address, body: string, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      { method: 'POST', headers, lookup: pinnedLookup(address), signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** What went wrong with a call, in the words a customer's page shows. */
function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof RefusedAddress) return error.message;
  const { name, code, message } = error as NodeJS.ErrnoException;
  if (name === 'TimeoutError' || name === 'AbortError') return `${timeoutMs / 1000} 秒内没有应答`;
  if (code === 'ECONNREFUSED') return '连接被拒绝';
  if (code === 'ECONNRESET') return '连接被对方断开';
  return `连接失败：${code ?? message}`;
}

/** POSTs the signed body, following redirects (each target checked), and answers the outcome. */
export async function postSigned(
  target: string,
  { body, headers, signature }: SignedPost,
  options: PostOptions,
): Promise<PostOutcome> {
  const signed = { ...headers, [signature.header]: signatureOf(signature.prefix, signature.secret, body) };
  let url = new URL(target);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const address = await checkedAddress(url, options.allowed, options.resolve);
      const { status, location } = await post(url, address, body, signed, options.timeoutMs);
      if (status >= 200 && status < 300) return { status, error: null };
      if (status < 300 || status >= 400 || !location) return { status, error: `接收方答复 HTTP ${status}` };
      if (redirects >= options.redirectsMax) return { status, error: `重定向超过 ${options.redirectsMax} 次` };
      url = new URL(location, url);
    }
  } catch (error) {
    return { status: null, error: failureOf(error, options.timeoutMs) };
  }
}
