/**
 * Where a call the server makes to an address a customer gave may go: never, unless the operator allows that network
 * (WEBHOOK_ALLOW_NETWORKS), to this machine, a private network, a link-local address (the cloud's metadata service)
 * or another address that is not on the internet. A name is resolved and each of its addresses checked, when the
 * address is given and at every call (a name may be pointed elsewhere since); the call connects to the address
 * checked (`pinnedLookup`), not to a second resolution of the name.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { RuleError } from '../../../contract/shared/ruleError';

/** Addresses that are not the internet's (RFC 6890 and its successors). */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

export interface Address {
  address: string;
  family: 4 | 6;
}
export type Resolve = (host: string) => Promise<Address[]>;

const resolveByDns: Resolve = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family as 4 | 6 }));

/** The operator's allowed networks: `127.0.0.1/32,10.1.0.0/16,::1/128` (a bare address is itself). */
export function allowedNetworks(list: string): BlockList {
  const allowed = new BlockList();
  for (const item of list
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)) {
    const [address, bits] = item.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32))
      throw new Error(`WEBHOOK_ALLOW_NETWORKS: ${item} is not an address or a network (10.0.0.0/8)`);
    allowed.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return allowed;
}

/** `::ffff:10.0.0.1` is 10.0.0.1: a mapped address is checked as the IPv4 address it is. */
function unmapped({ address, family }: Address): Address {
  const mapped = family === 6 && /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? { address: mapped[1], family: 4 } : { address, family };
}

const isAllowed = (allowed: BlockList, { address, family }: Address) => allowed.check(address, family === 6 ? 'ipv6' : 'ipv4');

/** Whether the address is not the internet's and the operator has not allowed its network. */
export function isRefused(allowed: BlockList, found: Address): boolean {
  const plain = unmapped(found);
  const type = plain.family === 6 ? 'ipv6' : 'ipv4';
  return notPublic.check(plain.address, type) && !isAllowed(allowed, plain) && !isAllowed(allowed, found);
}

export class RefusedAddress extends RuleError {
  constructor(message: string) {
    super(422, 'CALLBACK_REFUSED', message, { callbackUrl: message });
  }
}

/** Connects to the address checked, never to a second answer of the name server. */
export const pinnedLookup =
  ({ address, family }: Address): LookupFunction =>
  (_host, options, done) =>
    options.all ? done(null, [{ address, family }]) : done(null, address, family);

/**
 * The address a callback URL connects to, every address of its name checked; a refused one, a name that does not
 * resolve, or `http:` to the internet (the body would travel readable) is a RefusedAddress.
 */
export async function checkedAddress(url: URL, allowed: BlockList, resolve: Resolve = resolveByDns): Promise<Address> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(host);
  let found: Address[];
  try {
    found = literal ? [{ address: host, family: literal as 4 | 6 }] : await resolve(host);
  } catch {
    throw new RefusedAddress(`回调地址的域名 ${host} 无法解析`);
  }
  if (found.length === 0) throw new RefusedAddress(`回调地址的域名 ${host} 无法解析`);
  const refused = found.find((address) => isRefused(allowed, address));
  if (refused) {
    // The operator's switch is WEBHOOK_ALLOW_NETWORKS; the customer is told whom to ask.
    const where = literal
      ? `回调地址 ${host} 是本机、内网或链路本地地址`
      : `回调地址的域名 ${host} 解析到本机、内网或链路本地地址 ${refused.address}`;
    throw new RefusedAddress(`${where}，不能推送；如确需推送到内网，请联系系统管理员放行`);
  }
  if (url.protocol === 'http:' && !found.every((address) => isAllowed(allowed, unmapped(address)))) {
    throw new RefusedAddress('推送到公网的回调地址须为 https://');
  }
  return found[0];
}
