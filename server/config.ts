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
  /** Whether a first start seeds the demo booking (DEMO_BOOKING=off leaves it to be played over the API). */
  demoBooking: boolean;
  /** How often the to-do mails that are due go out (jobs/todoMails.ts, MAIL_EVERY_SECONDS). */
  mailEverySeconds: number;
  /**
   * Webhook deliveries (domain/webhook): how often due ones are sent (WEBHOOK_EVERY_SECONDS), how long a receiver
   * may take (WEBHOOK_TIMEOUT_SECONDS), and the networks besides the internet a callback may point at
   * (WEBHOOK_ALLOW_NETWORKS: `10.1.0.0/16,127.0.0.1`; none by default).
   */
  webhook: { everySeconds: number; timeoutSeconds: number; allowNetworks: string };
  /** The scheduled backup (jobs/backups.ts): BACKUP_DIR, BACKUP_EVERY_HOURS (0: none), BACKUP_KEEP. */
  backup: { dir: string; everyHours: number; keep: number };
  /** How long a stop (SIGTERM) waits for the requests in flight before it exits anyway (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /**
   * The bearer secret Prometheus scrapes GET /metrics with (METRICS_TOKEN, 16 characters or more); none: the
   * metrics are not served (404), so that no customer reads them.
   */
  metricsToken?: string;
  /** A request that takes longer is logged again as a slow request, at warn (SLOW_REQUEST_MS). */
  slowRequestMs: number;
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
    backup: { dir: path.join(dataDir, 'backups'), everyHours: 0, keep: 7 },
    sessionTtlHours: 7 * 24,
    sessionCacheSeconds: 5,
    trustProxy: false,
    checkResponses: false,
    jobTickSeconds: 0,
    demoBooking: true,
    mailEverySeconds: 60,
    webhook: { everySeconds: 5, timeoutSeconds: 10, allowNetworks: '' },
    shutdownGraceSeconds: 25,
    slowRequestMs: 1000,
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
  const sessionCacheSeconds = wholeNumber(env, 'SESSION_CACHE_SECONDS', 5, 0, 60);
  const jobTickSeconds = wholeNumber(env, 'JOB_TICK_SECONDS', 30, 0, 3600);
  const mailEverySeconds = wholeNumber(env, 'MAIL_EVERY_SECONDS', 60, 1, 3600);
  const shutdownGraceSeconds = wholeNumber(env, 'SHUTDOWN_GRACE_SECONDS', 25, 1, 600);
  const backup = {
    dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    everyHours: backupHours(env),
    keep: wholeNumber(env, 'BACKUP_KEEP', 7, 1, 1000),
  };
  const webhook = {
    everySeconds: wholeNumber(env, 'WEBHOOK_EVERY_SECONDS', 5, 1, 3600),
    timeoutSeconds: wholeNumber(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 60),
    allowNetworks: env.WEBHOOK_ALLOW_NETWORKS ?? '',
  };
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken && !/^[\w.~+/=-]{16,256}$/.test(metricsToken))
    throw new Error('METRICS_TOKEN must be 16 to 256 letters, digits or -._~+/= (a bearer token)');
  if (![undefined, '', 'on', 'off'].includes(env.DEMO_BOOKING))
    throw new Error(`DEMO_BOOKING must be on or off, not ${env.DEMO_BOOKING}`);
  return defaultConfig({
    demoBooking: env.DEMO_BOOKING !== 'off',
    webhook,
    sessionCacheSeconds,
    jobTickSeconds,
    mailEverySeconds,
    shutdownGraceSeconds,
    metricsToken,
    slowRequestMs: wholeNumber(env, 'SLOW_REQUEST_MS', 1000, 1, 600_000),
    backup,
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

/** A whole number from the environment, within bounds. */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!(Number.isInteger(value) && value >= min && value <= max))
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${env[name]}`);
  return value;
}

/** BACKUP_EVERY_HOURS: 0 (none), or hours, a fraction too (0.5: every half hour), from 0.001 (3.6 s) to a year. */
function backupHours(env: NodeJS.ProcessEnv): number {
  const value = env.BACKUP_EVERY_HOURS ? Number(env.BACKUP_EVERY_HOURS) : 24;
  if (!(value === 0 || (value >= 0.001 && value <= 24 * 365)))
    throw new Error(`BACKUP_EVERY_HOURS must be 0 (no backups) or hours from 0.001 to 8760, not ${env.BACKUP_EVERY_HOURS}`);
  return value;
}

/** TRUST_PROXY: `true` (any proxy), or a comma-separated list of the proxies' addresses or CIDRs. */
function trustProxyFrom(value: string | undefined): ServerConfig['trustProxy'] {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
