/**
 * One API test file's world: a fresh migrated database, the app on it (driven with inject()), an outbox
 * folder of its own, and helpers to make accounts and sign in.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../contract/shared/common';
import type { UserStatus } from '../../contract/user/schema';
import { buildApp, type App, type AppOptions } from '../app';
import type { ServerConfig } from '../config';
import { createUser, findUserRow } from '../domain/user';
import { freshDatabase, type TestDatabase } from './databases';
import { latestSmsCode, readMails } from './outbox';

export const TEST_PASSWORD = 'shipdesk123';
export const TEST_PUBLIC_URL = 'http://shipdesk.test';

export interface TestApp {
  app: App;
  outboxDir: string;
  /**
   * Creates an account directly in the database (active unless told otherwise); a customer gets a company of their
   * own, or joins that of the account `colleagueOf` (an id).
   */
  addUser(
    name: string,
    roles: Role[],
    options?: {
      status?: UserStatus;
      phone?: string;
      email?: string;
      realName?: string;
      password?: string;
      colleagueOf?: string;
    },
  ): Promise<string>;
  /** Signs in through the API and answers the bearer token. */
  login(name: string, password?: string): Promise<string>;
  call(
    method: InjectOptions['method'],
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string },
  ): Promise<LightMyRequestResponse>;
  mails(to?: string): ReturnType<typeof readMails>;
  smsCode(mobile: string): string | undefined;
  /**
   * A second server on the same database through a connection of its own: another process, as far as the app can
   * tell; `config` changes what it was started with.
   */
  anotherServer(config?: Partial<ServerConfig>): Promise<App>;
  close(): Promise<void>;
}

/** A test's app on a fresh copy of the migrated template database, or on `database` when given. */
export async function createTestApp(
  config: Partial<ServerConfig> = {},
  database?: TestDatabase,
  logger?: AppOptions['logger'],
): Promise<TestApp> {
  const testDb: TestDatabase = database ?? (await freshDatabase());
  const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipdesk-outbox-'));
  const appConfig = { outboxDir, publicUrl: TEST_PUBLIC_URL, checkResponses: true, ...config };
  const app = await buildApp({ db: testDb.database, config: appConfig, logger });
  await app.ready();
  const others: App[] = [];

  const call: TestApp['call'] = (method, url, options = {}) =>
    app.inject({
      method,
      url,
      remoteAddress: options.ip,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.body === undefined
        ? {}
        : typeof options.body === 'string'
          ? { payload: options.body }
          : { payload: options.body as object }),
    });

  return {
    app,
    outboxDir,
    async addUser(name, roles, options = {}) {
      const colleague = options.colleagueOf ? await findUserRow(app.db, options.colleagueOf) : undefined;
      const row = await createUser(
        app.db,
        {
          name,
          roles,
          password: options.password ?? TEST_PASSWORD,
          status: options.status ?? 'active',
          realName: options.realName ?? '测试用户',
          email: options.email ?? `${name}@example.com`,
          phone: options.phone,
          companyKey: colleague?.companyKey ?? undefined,
        },
        'system',
      );
      return row.id;
    },
    async login(name, password = TEST_PASSWORD) {
      const response = await call('POST', '/v1/auth/login', { body: { type: 'account', userName: name, password } });
      const body = response.json();
      if (body.status !== 'ok') throw new Error(`login of ${name} failed: ${response.body}`);
      return body.token as string;
    },
    call,
    mails: (to) => readMails(outboxDir, to),
    smsCode: (mobile) => latestSmsCode(outboxDir, mobile),
    async anotherServer(changed = {}) {
      const other = await buildApp({ db: await testDb.openAgain(), config: { ...appConfig, ...changed } });
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all(others.map((other) => other.close()));
      await app.close();
      await testDb.dispose();
      await fs.rm(outboxDir, { recursive: true, force: true });
    },
  };
}
