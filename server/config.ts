/** Server configuration, from the environment (DESIGN.md §4) with defaults that suit a local start. */
import path from 'node:path';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Base of the links in mails, without a trailing slash. */
  publicUrl: string;
  /** Where mails and SMS land when no gateway is configured. */
  outboxDir: string;
  sessionTtlHours: number;
  /** How long a process may answer a signed-in check from memory (auth/sessionCache.ts); 0 asks the database every time. */
  sessionCacheSeconds: number;
  /** Fastify's trustProxy: whose X-Forwarded-For gives the client's address (TRUST_PROXY); off by default. */
  trustProxy: boolean | string;
  /** Hold every answer to its route's response schema before it is sent (the API tests; off in production). */
  checkResponses: boolean;
  /** How often a process looks for scheduled work that is due (server/jobs); 0 runs none (the API tests). */
  jobTickSeconds: number;
  /** How long a stop (SIGTERM) waits for the requests in flight before it exits anyway (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  rateLimits: {
    /** Failed sign-ins of one account from one address (auth/signInLimits.ts). */
    loginPerAccountAddress: RateLimit;
    /** Failed sign-ins of one account from every address; past it only known addresses sign in. */
    loginPerAccount: RateLimit;
    /** Failed sign-ins from one address over all accounts. */
    loginPerIp: RateLimit;
    /** Base of the progressive delay after the third failure of an account from one address. */
    loginDelayMs: number;
    /** Wrong old passwords when changing one's password, per account. */
    passwordChecks: RateLimit;
    /** SMS codes per mobile number; CAPTCHA_RESEND_SECONDS apart at the least. */
    captchaPerMobile: RateLimit;
    captchaPerIp: RateLimit;
    /** Reset mails per account name. */
    forgotPerAccount: RateLimit;
  };
}

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = overrides.dataDir ?? path.resolve('data');
  const port = overrides.port ?? 8000;
  return {
    port,
    host: '0.0.0.0',
    dataDir,
    publicUrl: `http://localhost:${port}`,
    outboxDir: path.join(dataDir, 'outbox'),
    sessionTtlHours: 7 * 24,
    sessionCacheSeconds: 5,
    trustProxy: false,
    checkResponses: false,
    jobTickSeconds: 0,
    shutdownGraceSeconds: 25,
    rateLimits: {
      loginPerAccountAddress: { limit: 10, windowSeconds: 15 * 60 },
      loginPerAccount: { limit: 50, windowSeconds: 15 * 60 },
      loginPerIp: { limit: 100, windowSeconds: 15 * 60 },
      loginDelayMs: 250,
      passwordChecks: { limit: 5, windowSeconds: 15 * 60 },
      captchaPerMobile: { limit: 5, windowSeconds: 60 * 60 },
      captchaPerIp: { limit: 30, windowSeconds: 60 * 60 },
      forgotPerAccount: { limit: 5, windowSeconds: 60 * 60 },
    },
    ...overrides,
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 8000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const sessionCacheSeconds = env.SESSION_CACHE_SECONDS ? Number(env.SESSION_CACHE_SECONDS) : undefined;
  if (
    sessionCacheSeconds !== undefined &&
    !(Number.isInteger(sessionCacheSeconds) && sessionCacheSeconds >= 0 && sessionCacheSeconds <= 60)
  ) {
    throw new Error(`SESSION_CACHE_SECONDS must be a whole number of seconds from 0 to 60, not ${env.SESSION_CACHE_SECONDS}`);
  }
  const jobTickSeconds = env.JOB_TICK_SECONDS ? Number(env.JOB_TICK_SECONDS) : 30;
  if (!(Number.isInteger(jobTickSeconds) && jobTickSeconds >= 0 && jobTickSeconds <= 3600)) {
    throw new Error(`JOB_TICK_SECONDS must be a whole number of seconds from 0 to 3600, not ${env.JOB_TICK_SECONDS}`);
  }
  const shutdownGraceSeconds = env.SHUTDOWN_GRACE_SECONDS ? Number(env.SHUTDOWN_GRACE_SECONDS) : 25;
  if (!(Number.isInteger(shutdownGraceSeconds) && shutdownGraceSeconds >= 1 && shutdownGraceSeconds <= 600)) {
    throw new Error(`SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 1 to 600, not ${env.SHUTDOWN_GRACE_SECONDS}`);
  }
  return defaultConfig({
    ...(sessionCacheSeconds === undefined ? {} : { sessionCacheSeconds }),
    jobTickSeconds,
    shutdownGraceSeconds,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
  });
}

/** TRUST_PROXY: `true` (any proxy), or a comma-separated list of the proxies' addresses or CIDRs. */
function trustProxyFrom(value: string | undefined): ServerConfig['trustProxy'] {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
