/**
 * Sign-in limits that slow a guesser without locking out the owner. Only failures count:
 * - per account and address: after 3 failures each further try waits longer (loginDelayMs doubling, at most
 *   16×), and after loginPerAccountAddress failures that address gets 429 for that account;
 * - per address over all accounts (loginPerIp): one address trying many accounts;
 * - per account over all addresses (loginPerAccount): many addresses guessing one account. Past it, the right
 *   password still signs in from an address the account has signed in from before (known_addresses).
 * So 15 wrong passwords from one address stop that address, not the owner signing in from another.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Db } from '../db/open';
import { knownAddresses } from '../db/schema';
import { tooManyRequests } from '../domain/refusals';
import { addHit, atLimit, clear, hitsOf } from './rateLimit';

export interface SignInAttempt {
  /** The account name or mobile number, as typed (case-insensitive). */
  account: string;
  address: string;
}

type Limits = ServerConfig['rateLimits'];

const keys = ({ account, address }: SignInAttempt) => {
  const name = account.toLowerCase();
  return { pair: `login:pair:${name}:${address}`, account: `login:account:${name}`, address: `login:ip:${address}` };
};

/** Failures before the first delay; the delay doubles with each failure after that, up to 16 times the base. */
const FREE_FAILURES = 3;
export const signInDelayMs = (failures: number, baseMs: number) =>
  failures < FREE_FAILURES ? 0 : baseMs * 2 ** Math.min(failures - FREE_FAILURES, 4);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Before a password or code is checked: 429 for an address past its limits, else the delay its failures earned. */
export async function beforeSignIn(db: Db, limits: Limits, attempt: SignInAttempt): Promise<void> {
  const key = keys(attempt);
  const [pairFailures, addressFailures] = await Promise.all([
    hitsOf(db, key.pair, limits.loginPerAccountAddress.windowSeconds),
    hitsOf(db, key.address, limits.loginPerIp.windowSeconds),
  ]);
  if (pairFailures >= limits.loginPerAccountAddress.limit || addressFailures >= limits.loginPerIp.limit) {
    throw tooManyRequests('尝试次数过多，请 15 分钟后再试');
  }
  const delay = signInDelayMs(pairFailures, limits.loginDelayMs);
  if (delay > 0) await sleep(delay);
}

/** A wrong password or code: counts against the pair, the account and the address. */
export async function signInFailed(db: Db, limits: Limits, attempt: SignInAttempt): Promise<void> {
  const key = keys(attempt);
  await addHit(db, key.pair, limits.loginPerAccountAddress.windowSeconds);
  await addHit(db, key.account, limits.loginPerAccount.windowSeconds);
  await addHit(db, key.address, limits.loginPerIp.windowSeconds);
}

/**
 * The right password or code. While the account is under attack from many addresses only a known address
 * passes (429 otherwise); a success remembers the address and forgets this pair's failures.
 */
export async function signInSucceeded(db: Db, limits: Limits, attempt: SignInAttempt, userId: string): Promise<void> {
  const key = keys(attempt);
  if (await atLimit(db, key.account, limits.loginPerAccount)) {
    const [known] = await db
      .select({ address: knownAddresses.address })
      .from(knownAddresses)
      .where(and(eq(knownAddresses.userId, userId), eq(knownAddresses.address, attempt.address)));
    if (!known) throw tooManyRequests('该账号近期登录失败次数过多，请稍后在常用设备上登录或联系管理员');
  }
  await db
    .insert(knownAddresses)
    .values({ userId, address: attempt.address })
    .onConflictDoUpdate({ target: [knownAddresses.userId, knownAddresses.address], set: { lastSignedInAt: sql`now()` } });
  await clear(db, key.pair);
}
